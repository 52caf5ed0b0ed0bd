/** Revoking at once can cancel the download in some browsers; a minute is plenty. */
const REVOKE_AFTER_MS = 60_000;

/** Hands a blob to the browser as a file download. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
