import { retentionEndpoints } from '@croupier/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/ui/ErrorState';
import { call } from '../../lib/api';
import { PageHeader } from '../../components/ui/PageHeader';
import { Skeleton } from '../../components/ui/Skeleton';
import { formatNumber } from '../../lib/format';

/** The loyalty levels list, open to guests (`GET /api/retention/levels`). */
export function LoyaltyPage() {
  const { t, i18n } = useTranslation('layout');
  const levels = useQuery({
    queryKey: ['retention', 'levels'],
    queryFn: ({ signal }) =>
      call(retentionEndpoints.listLevels, {
        query: { page: 1, perPage: 50, sortBy: 'order', sortOrder: 'asc' },
        signal,
      }),
    staleTime: 10 * 60_000,
  });
  return (
    <div className="loyalty">
      <PageHeader title={t('pages.loyalty.title')} description={t('pages.loyalty.description')} />
      {levels.isError ? <ErrorState onRetry={() => void levels.refetch()} /> : null}
      <ol className="loyalty__levels" aria-busy={levels.isPending}>
        {levels.isPending
          ? Array.from({ length: 6 }, (_, i) => (
              <Skeleton as="li" key={i} className="loyalty__level loyalty__level--skeleton" />
            ))
          : levels.data?.map((level) => (
              <li key={level.id} className="loyalty__level" data-testid="loyalty-level">
                <img src={level.image} alt="" width="72" height="72" loading="lazy" />
                <div>
                  <h2 className="loyalty__name">
                    {t(`loyalty.levels.${level.identity}`, { ns: 'global-components', defaultValue: level.name })}
                  </h2>
                  <p className="loyalty__points">
                    {t('pages.loyalty.points', { count: formatNumber(level.points, i18n.language) })}
                  </p>
                  {level.perks.length > 0 ? (
                    <ul className="loyalty__perks">
                      {level.perks.map((perk) => (
                        <li key={perk}>
                          {t(`loyalty.perks.${perk}`, { ns: 'global-components', defaultValue: perk })}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </div>
              </li>
            ))}
      </ol>
    </div>
  );
}
