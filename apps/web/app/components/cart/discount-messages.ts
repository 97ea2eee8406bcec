/** The cart page's wording for a refused code: the server's reason mapped to what shoppers read. */
export function discountErrorMessage(message: string | undefined): string {
  const text = message ?? '';
  if (/already used/i.test(text)) return 'You have already used this discount code';
  if (/expired/i.test(text)) return 'This discount code has expired';
  if (/not found|invalid/i.test(text)) return 'Invalid discount code';
  return text || 'Failed to apply discount';
}
