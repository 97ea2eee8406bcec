/** `meta` entries of a content page: 'Page name | Lacebloom' plus its description. */
export function pageMeta(name: string, description: string, options: { noIndex?: boolean } = {}) {
  const title = `${name} | Lacebloom`;
  return [
    { title },
    { name: 'description', content: description },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    ...(options.noIndex ? [{ name: 'robots', content: 'noindex' }] : []),
  ];
}
