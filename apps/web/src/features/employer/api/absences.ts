import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';

import {
  AbsencePatchSchema,
  AbsenceRequestSchema,
  AbsenceSchema,
  type Absence,
  type AbsencePatch,
  type AbsenceRequest,
} from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { employerQueryKey } from './keys';

const AbsenceListSchema = z.array(AbsenceSchema);
const base = (id: string) => `/v1/tenant/employees/${encodeURIComponent(id)}/absences`;

/** `GET /v1/tenant/employees/{id}/absences`. */
export function getAbsences(id: string, signal?: AbortSignal): Promise<Absence[]> {
  return apiClient.request(base(id), { schema: AbsenceListSchema, signal });
}

export function useAbsences(id: string | null) {
  return useQuery({
    queryKey: [...employerQueryKey, 'absences', id],
    queryFn: ({ signal }) => getAbsences(id ?? '', signal),
    enabled: id !== null,
  });
}

/** `POST …/absences`, `PATCH …/absences/{absenceId}`, `DELETE …/absences/{absenceId}`; each refreshes the portal. */
export function useAbsenceChanges(id: string) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: employerQueryKey });
  const record = useMutation({
    mutationFn: (input: AbsenceRequest) =>
      apiClient.request(base(id), { method: 'POST', body: AbsenceRequestSchema.parse(input), schema: AbsenceSchema }),
    onSuccess,
  });
  const move = useMutation({
    mutationFn: ({ absenceId, ...patch }: AbsencePatch & { absenceId: string }) =>
      apiClient.request(`${base(id)}/${encodeURIComponent(absenceId)}`, {
        method: 'PATCH',
        body: AbsencePatchSchema.parse(patch),
        schema: AbsenceSchema,
      }),
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: (absenceId: string) =>
      apiClient.request(`${base(id)}/${encodeURIComponent(absenceId)}`, { method: 'DELETE' }),
    onSuccess,
  });
  return { record, move, remove };
}
