/**
 * Shows a PDF the API sent as a blob (bearer-authenticated, so no plain link): in a new tab through an
 * object URL, or as a download when the browser blocks the tab. The URL is revoked once the tab had
 * time to load it.
 */
const REVOKE_AFTER_MS = 60_000;

export function openPdf(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  // No 'noopener' here: it would make window.open return null, and the tab shows our own document.
  const tab = window.open(url, '_blank');
  if (!tab) downloadUrl(url, fileName);
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

export function downloadPdf(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  downloadUrl(url, fileName);
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

function downloadUrl(url: string, fileName: string): void {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

/** Opens the identity provider's page in a new tab without giving it a handle on this window. */
export function openProviderPage(link: string): void {
  window.open(link, '_blank', 'noopener,noreferrer');
}
