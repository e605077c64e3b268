import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { EmptyState } from '../../components/ui/EmptyState';
import { ErrorState } from '../../components/ui/ErrorState';
import { PageHeader } from '../../components/ui/PageHeader';
import { Pager } from '../../components/ui/Pager';
import { RowsSkeleton } from '../../components/ui/Skeleton';
import { PAGE_SIZE, useDeleteMessage, useMessages, useReadAllMessages, useReadMessage } from './api';
import { pageAfterDelete } from './logic';
import { MessageItem } from './MessageItem';
import '../../components/account-pages.css';
import './messenger.css';

/**
 * `/profile/notifications`: the player's messages, five a page, newest first. Opening one
 * marks it read; each can be deleted; "Mark all as read" clears the unread count.
 */
export function ProfileNotificationsPage() {
  const { t } = useTranslation('layout');
  const [page, setPage] = useState(1);
  const messages = useMessages(page, PAGE_SIZE);
  const readOne = useReadMessage();
  const readAll = useReadAllMessages();
  const remove = useDeleteMessage();
  // Said to screen readers: the deleted message just leaves the list.
  const [announcement, setAnnouncement] = useState('');
  const meta = messages.data?.meta;
  const items = (messages.data?.data ?? []).slice(0, PAGE_SIZE);
  const totalPages = meta?.totalPages ?? 0;

  const onDelete = (id: string) => {
    remove.mutate(id, {
      onSuccess: () => {
        setPage(pageAfterDelete(page, items.length));
        setAnnouncement(t('profile.notifications.deleted'));
      },
    });
  };

  return (
    <div className="profile-page">
      <PageHeader title={t('profile.notifications.title')} description={t('profile.notifications.description')} />
      <span className="visually-hidden" role="status">
        {announcement}
      </span>
      {messages.isPending ? (
        <div aria-busy="true">
          <span className="visually-hidden" role="status">
            {t('profile.notifications.loading')}
          </span>
          <RowsSkeleton rows={PAGE_SIZE} />
        </div>
      ) : messages.isError ? (
        <ErrorState onRetry={() => void messages.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState as="p" text={t('profile.notifications.empty')} />
      ) : (
        <section className="messenger-page" aria-label={t('profile.notifications.list')}>
          <div className="messenger-page__bar">
            <span className="messenger-page__count" aria-live="polite">
              {t('profile.notifications.unreadCount', { count: meta?.totalUnread ?? 0 })}
            </span>
            <Button
              variant="ghost"
              onClick={() => {
                if ((meta?.totalUnread ?? 0) > 0 && !readAll.isPending) readAll.mutate();
              }}
              aria-disabled={(meta?.totalUnread ?? 0) === 0 || readAll.isPending || undefined}
            >
              {t('profile.notifications.markAllRead')}
            </Button>
          </div>
          <div className="messenger-page__list">
            {items.map((message) => (
              <MessageItem
                key={message.id}
                message={message}
                unreadLabel={t('profile.notifications.unread')}
                onOpen={(id) => readOne.mutate(id)}
                actions={
                  <Button variant="ghost" onClick={() => onDelete(message.id)} disabled={remove.isPending}>
                    {t('profile.notifications.deleteOne')}
                  </Button>
                }
              />
            ))}
          </div>
          <Pager
            page={page}
            totalPages={totalPages}
            busy={messages.isFetching}
            label={t('profile.notifications.list')}
            onPage={setPage}
          />
        </section>
      )}
    </div>
  );
}
