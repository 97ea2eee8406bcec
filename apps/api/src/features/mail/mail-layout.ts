/** The look every mail of the shop shares: a plain card, the brand's name, one optional button. */

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function layout(paragraphs: string[], action?: { label: string; url: string }): string {
  const body = paragraphs.map((text) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`);
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#b82d58;color:#ffffff;padding:12px 24px;border-radius:999px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#6b5b63">If the button does not work, copy this address into your browser:<br>${escapeHtml(action.url)}</p>`
    : '';
  return (
    '<!doctype html><html><body style="margin:0;padding:24px;background:#fdf7f8;font-family:Arial,sans-serif;color:#2b1d24">' +
    '<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">' +
    '<p style="margin:0 0 24px;font-size:20px;font-family:Georgia,serif">Lacebloom</p>' +
    body.join('') +
    button +
    '<p style="margin:24px 0 0;font-size:13px;color:#6b5b63">Lacebloom customer care</p>' +
    '</div></body></html>'
  );
}

export const signOff = '\n\nLacebloom customer care';
