/**
 * A `FormData` as `multipart/form-data`, encoded by the browser itself (`Response` serialises a
 * `FormData` with its boundary), so the API client can send it like any other raw body.
 */
export async function encodeMultipart(form: FormData): Promise<{ contentType: string; content: Blob }> {
  const encoded = new Response(form);
  return {
    contentType: encoded.headers.get('content-type') ?? 'multipart/form-data',
    content: await encoded.blob(),
  };
}
