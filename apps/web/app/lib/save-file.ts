/**
 * Hands a fetched file to the browser as a download: the PDFs need the bearer token, so they
 * cannot be plain links.
 */
export function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL; free it once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
