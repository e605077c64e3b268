/**
 * The site locale an `Accept-Language` header asks for, by preference: the full tag
 * (`pt-BR`), then its language (`es-ES` → `es`). Undefined when the site offers none of
 * them. `resolve` is the content service's case-insensitive match, which answers the
 * default locale for a tag it does not know.
 */
export async function acceptedLocale(
  acceptLanguage: string | undefined,
  resolve: (requested: string) => Promise<{ locale: string }>,
): Promise<string | undefined> {
  if (!acceptLanguage) return undefined;
  const tags = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/.test(entry.tag) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    // A long header costs a lookup a tag: the first ten preferences are plenty.
    .slice(0, 10);
  for (const { tag } of tags) {
    for (const candidate of new Set([tag, tag.split('-')[0] ?? tag])) {
      const { locale } = await resolve(candidate);
      if (locale.toLowerCase() === candidate.toLowerCase()) return locale;
    }
  }
  return undefined;
}
