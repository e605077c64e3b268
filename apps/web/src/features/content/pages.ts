import { contentEndpoints, type PageType } from '@croupier/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call, hasApiStatus } from '../../lib/api';

export function usePageList(type: PageType) {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return useQuery({
    queryKey: ['content', 'pages', type, locale],
    queryFn: ({ signal }) => call(contentEndpoints.listPages, { params: { type }, query: { locale }, signal }),
    staleTime: 5 * 60_000,
  });
}

export function useContentPage(type: PageType, identity: string | undefined) {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return useQuery({
    queryKey: ['content', 'page', type, identity, locale],
    queryFn: ({ signal }) =>
      call(contentEndpoints.getPage, { params: { type, identity: identity ?? '' }, query: { locale }, signal }),
    enabled: Boolean(identity),
    staleTime: 5 * 60_000,
    // A missing page is an answer, not a failure to retry.
    retry: (count, error) => !hasApiStatus(error, 'NOT_FOUND') && count < 1,
  });
}

export function isNotFound(error: unknown): boolean {
  return hasApiStatus(error, 'NOT_FOUND') || hasApiStatus(error, 'VALIDATION_FAILED');
}
