import { DOCUMENT_MAX_FILE_BYTES_DEFAULT, type DocumentFile, type DocumentType } from '@croupier/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/fields';
import { InlineConfirm } from '../../components/InlineConfirm';
import { Button } from '../../components/ui/Button';
import { EmptyState } from '../../components/ui/EmptyState';
import { ErrorState } from '../../components/ui/ErrorState';
import { PageHeader } from '../../components/ui/PageHeader';
import { RowsSkeleton } from '../../components/ui/Skeleton';
import { ApiError } from '../../lib/api';
import { useLocale } from '../../lib/app-settings';
import { formatDateTime } from '../../lib/format';
import { realtimeKeys } from '../../lib/query-keys';
import { useToasts } from '../layout';
import { uploadDocument, useDeleteDocument, useDocumentSettings, useDocuments } from './api';
import {
  ACCEPTED_FILES,
  formatFileSize,
  groupDocuments,
  isAcceptedFile,
  isTooLarge,
  SNIFF_BYTES,
  statusName,
  typeKey,
  uploadFailure,
  type DocumentGroup,
  type UploadFailure,
} from './logic';
import '../../components/account-pages.css';
import './documents.css';

/**
 * `/profile/documents`: the player's documents for identity checks, a card per group
 * (passport front and back, selfie, address, payment method both sides, other) with an
 * upload per type and the files sent, their review status and a rejection's reason.
 */
export function ProfileDocumentsPage() {
  const { t } = useTranslation('layout');
  const { locale } = useLocale();
  const documents = useDocuments();
  // The server's limit once known; until then (or if it cannot be read) the default, which
  // the server checks anyway.
  const maxFileBytes = useDocumentSettings().data?.maxFileBytes ?? DOCUMENT_MAX_FILE_BYTES_DEFAULT;
  const size = formatFileSize(maxFileBytes, locale);
  return (
    <div className="profile-page">
      <PageHeader title={t('profile.documents.title')} description={t('profile.documents.description', { size })} />
      {documents.isPending ? (
        <div aria-busy="true">
          <RowsSkeleton rows={4} />
        </div>
      ) : documents.isError ? (
        <ErrorState onRetry={() => void documents.refetch()} />
      ) : (
        <>
          {documents.data.length === 0 ? <EmptyState as="p" text={t('profile.documents.empty')} /> : null}
          <div className="documents">
            {groupDocuments(documents.data).map(({ group, documents: items }) => (
              <GroupCard key={group.id} group={group} documents={items} maxFileBytes={maxFileBytes} size={size} />
            ))}
          </div>
        </>
      )}
    </div>
  );
}

/** The size limit, in bytes and as the texts name it. */
interface SizeLimit {
  maxFileBytes: number;
  size: string;
}

function GroupCard({ group, documents, ...limit }: { group: DocumentGroup; documents: DocumentFile[] } & SizeLimit) {
  const { t } = useTranslation('layout');
  const id = useId();
  return (
    <section className="profile-card documents__group" aria-labelledby={`${id}-title`} data-group={group.id}>
      <h2 className="profile-card__title" id={`${id}-title`}>
        {t(`profile.documents.groups.${group.id}.title`)}
      </h2>
      <p className="profile-card__description">{t(`profile.documents.groups.${group.id}.description`)}</p>
      <div className="documents__uploads">
        {group.types.map((type) => (
          <UploadRow key={type} type={type} {...limit} />
        ))}
      </div>
      {documents.length > 0 ? (
        <ul className="documents__list" aria-label={t('profile.documents.listLabel')}>
          {documents.map((document) => (
            <DocumentRow key={document.id} document={document} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

type UploadState =
  { phase: 'idle' } | { phase: 'sending'; share: number } | { phase: 'failed'; failure: UploadFailure };

/** One type's upload: a button opening the file picker, then the progress or the failure. */
function UploadRow({ type, maxFileBytes, size }: { type: DocumentType } & SizeLimit) {
  const { t } = useTranslation('layout');
  const { t: tg } = useTranslation('global-components');
  const { t: ta } = useTranslation('alerts');
  const { notify } = useToasts();
  const queryClient = useQueryClient();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const aborter = useRef<AbortController | null>(null);
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  useEffect(() => () => aborter.current?.abort(), []);

  const typeName = tg(`documents.${typeKey(type)}`);

  async function send(file: File) {
    if (isTooLarge(file.size, maxFileBytes)) {
      setState({ phase: 'failed', failure: 'tooLarge' });
      return;
    }
    const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
    if (!isAcceptedFile(head)) {
      setState({ phase: 'failed', failure: 'fileType' });
      return;
    }
    aborter.current?.abort();
    const controller = new AbortController();
    aborter.current = controller;
    setState({ phase: 'sending', share: 0 });
    try {
      await uploadDocument(type, file, (share) => setState({ phase: 'sending', share }), controller.signal);
      setState({ phase: 'idle' });
      notify({ type: 'success', title: ta('documentUploaded.title'), description: ta('documentUploaded.description') });
      await queryClient.invalidateQueries({ queryKey: realtimeKeys.documents });
    } catch (error) {
      if (controller.signal.aborted) return;
      setState({ phase: 'failed', failure: uploadFailure(error instanceof ApiError ? error : undefined) });
    }
  }

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared, so that choosing the same file again is a change too.
    event.target.value = '';
    if (file) void send(file);
  };

  const sending = state.phase === 'sending';
  const percent = sending ? Math.round(state.share * 100) : 0;
  return (
    <div className="documents__upload" data-type={type}>
      <span className="documents__type" id={`${id}-type`}>
        {typeName}
      </span>
      <input
        ref={input}
        id={`${id}-input`}
        className="visually-hidden"
        type="file"
        accept={ACCEPTED_FILES}
        tabIndex={-1}
        aria-hidden="true"
        onChange={onChange}
      />
      <Button
        variant="primary"
        className="documents__button"
        onClick={() => input.current?.click()}
        disabled={sending}
        aria-describedby={`${id}-type`}
      >
        {sending ? <Spinner /> : null}
        {t('profile.documents.upload')}
      </Button>
      {sending ? (
        <div className="documents__progress">
          <progress
            max={100}
            value={percent}
            aria-label={t('profile.documents.uploading', { name: typeName })}
            aria-valuetext={`${percent}%`}
          />
          <span aria-hidden="true">{percent}%</span>
        </div>
      ) : null}
      {state.phase === 'failed' ? (
        <p className="field__error documents__error" role="alert">
          {t(`profile.documents.errors.${state.failure}`, { size })}
        </p>
      ) : null}
    </div>
  );
}

function DocumentRow({ document }: { document: DocumentFile }) {
  const { t } = useTranslation('layout');
  const { t: tg } = useTranslation('global-components');
  const { t: ta } = useTranslation('alerts');
  const { locale } = useLocale();
  const { notify } = useToasts();
  const id = useId();
  const remove = useDeleteDocument();
  const [confirming, setConfirming] = useState(false);
  const [failed, setFailed] = useState(false);
  const status = statusName(document.status);

  const confirm = () => {
    setFailed(false);
    remove.mutate(document.id, {
      onSuccess: () =>
        notify({ type: 'success', title: ta('documentDeleted.title'), description: ta('documentDeleted.description') }),
      onError: () => setFailed(true),
    });
  };

  return (
    <li className="documents__item" data-status={status}>
      <div className="documents__file">
        <p className="documents__name" id={`${id}-name`}>
          {document.fileName}
        </p>
        <p className="documents__meta">
          {tg(`documents.${typeKey(document.type)}`)} ·{' '}
          {t('profile.documents.uploadedAt', { date: formatDateTime(document.createdAt, locale) ?? '' })}
        </p>
        {document.rejectReason ? (
          <p className="documents__reason">{t('profile.documents.rejectReason', { reason: document.rejectReason })}</p>
        ) : null}
        {failed ? (
          <p className="field__error" role="alert">
            {ta('somethingWrong.description')}
          </p>
        ) : null}
      </div>
      <span className={`profile-badge documents__status documents__status--${status}`}>
        {tg(`statuses.document.${status}`)}
      </span>
      {status === 'pending' ? (
        <InlineConfirm
          block="documents"
          subjectId={`${id}-name`}
          question={t('profile.documents.confirmDelete')}
          action={tg('buttons.delete')}
          confirming={confirming}
          onConfirmingChange={setConfirming}
          onConfirm={confirm}
          pending={remove.isPending}
        />
      ) : null}
    </li>
  );
}
