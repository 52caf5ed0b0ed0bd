import { encodeMultipart } from '../../../lib/multipart';

/** A file as `multipart/form-data` in the field `field`, ready for the API client's `raw` body. */
export async function multipartOf(file: File, field = 'file'): Promise<{ contentType: string; content: Blob }> {
  const form = new FormData();
  form.append(field, file, file.name);
  return encodeMultipart(form);
}
