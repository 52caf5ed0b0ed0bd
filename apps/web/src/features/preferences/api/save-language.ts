import type { Language, MeResponse } from '@leasing/contract';
import type { QueryClient } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';

/** `PUT /v1/user/language`: remembers the language on the account, and in the cached `/v1/me`. */
export async function saveAccountLanguage(queryClient: QueryClient, language: Language): Promise<void> {
  await apiClient.request('/v1/user/language', { method: 'PUT', body: { language } });
  queryClient.setQueryData<MeResponse>(['me'], (me) => (me ? { ...me, language } : me));
}
