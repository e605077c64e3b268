import { ErrorState } from '../../components/ui/ErrorState';
import { TextSkeleton } from '../../components/ui/Skeleton';
import { ContactForm } from '../../features/content/ContactForm';
import { ContentArticle } from '../../features/content/ContentArticle';
import { useContentPage } from '../../features/content/pages';
import { useLocale } from '../../lib/app-settings';
import { PageHead } from '../../components/PageHead';

export function ContactPage() {
  const { localePath } = useLocale();
  const page = useContentPage('contact', 'main');
  return (
    <div className="contact">
      {page.isPending ? <TextSkeleton /> : null}
      {page.isError ? <ErrorState onRetry={() => void page.refetch()} /> : null}
      {page.data ? (
        <>
          <PageHead title={page.data.title} />
          <ContentArticle page={page.data} localePath={localePath} />
        </>
      ) : null}
      <section className="contact__form card" aria-label={page.data?.title}>
        <ContactForm />
      </section>
    </div>
  );
}
