import type { ReactNode } from 'react';
import type { PageType } from '@croupier/contract';
import { useTranslation } from 'react-i18next';
import { NavLink, useParams } from 'react-router';
import { ErrorState } from '../../components/ui/ErrorState';
import { TextSkeleton } from '../../components/ui/Skeleton';
import { WelcomePackageTerms } from '../../features/bonuses';
import { ContentArticle } from '../../features/content/ContentArticle';
import { isNotFound, useContentPage, usePageList } from '../../features/content/pages';
import { useLocale } from '../../lib/app-settings';
import { PageHead } from '../../components/PageHead';
import { useActiveAccount } from '../../features/wallet';
import { NotFoundPage } from './ErrorPage';

function ContentView({
  type,
  identity,
  before,
}: {
  type: PageType;
  identity: string | undefined;
  /** Shown between the article's header and body once the page has loaded (the welcome package's terms). */
  before?: ReactNode;
}) {
  const { localePath } = useLocale();
  const page = useContentPage(type, identity);
  if (page.isPending) return <TextSkeleton />;
  if (page.isError)
    return isNotFound(page.error) ? <NotFoundPage /> : <ErrorState onRetry={() => void page.refetch()} />;
  return (
    <>
      <PageHead title={page.data.title} />
      <ContentArticle page={page.data} localePath={localePath} beforeBody={before} />
    </>
  );
}

export function StaticPage() {
  return <ContentView type="static" identity={useParams().pageIdentity} />;
}

export function BonusPage() {
  return <ContentView type="bonus" identity={useParams().pageIdentity} />;
}

/** The welcome package: its current terms from the API (in the player's currency) above the content body. */
export function WelcomePackagePage() {
  const account = useActiveAccount();
  return (
    <ContentView
      type="welcome-package"
      identity="main"
      before={<WelcomePackageTerms accountCurrency={account?.currency} />}
    />
  );
}

/** `/{slug}`: a static content page with that identity, or the 404. */
export function SlugPage({ slug }: { slug: string }) {
  return <ContentView type="static" identity={slug} />;
}

/** `/questions` and `/questions/{page}`: FAQ sections as tabs, the chosen one below. */
export function QuestionsPage() {
  const { t } = useTranslation('layout');
  const { localePath } = useLocale();
  const { pageIdentity } = useParams();
  const list = usePageList('questions');
  const selected = pageIdentity ?? list.data?.[0]?.identity;
  return (
    <div className="questions">
      <nav className="tabs" aria-label={t('navigation.questions')}>
        {list.data?.map((section) => (
          <NavLink
            key={section.identity}
            className={({ isActive }) =>
              `tabs__tab${isActive || (!pageIdentity && section.identity === selected) ? ' tabs__tab--active' : ''}`
            }
            to={localePath(`/questions/${section.identity}`)}
            preventScrollReset
          >
            {section.title}
          </NavLink>
        ))}
      </nav>
      {list.isError ? (
        <ErrorState onRetry={() => void list.refetch()} />
      ) : (
        <ContentView type="questions" identity={selected} />
      )}
    </div>
  );
}
