/**
 * Shows a PDF blob in a new tab through an object URL, or downloads it when the browser blocks the
 * tab. (The orders feature has the same few lines; features do not import each other.)
 */
const REVOKE_AFTER_MS = 60_000;

export function openPdf(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const tab = window.open(url, '_blank');
  if (!tab) {
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = fileName;
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
  }
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
