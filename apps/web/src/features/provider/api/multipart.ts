/**
 * A file as `multipart/form-data`, encoded by the browser itself (`Response` serialises a `FormData`
 * with its boundary), so the API client can send it like any other raw body.
 */
export async function multipartOf(file: File, field = 'file'): Promise<{ contentType: string; content: Blob }> {
  const form = new FormData();
  form.append(field, file, file.name);
  const encoded = new Response(form);
  return {
    contentType: encoded.headers.get('content-type') ?? 'multipart/form-data',
    content: await encoded.blob(),
  };
}
