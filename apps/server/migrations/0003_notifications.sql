-- Notifications: the development outbox (sandbox of the e-mail and SMS adapters) and
-- messages sent through the contact form.

create table dev_outbox (
  id uuid primary key default gen_random_uuid(),
  -- insertion order: "newest first" must not depend on clock resolution
  seq int8 generated always as identity unique,
  channel text not null check (channel in ('email', 'sms')),
  -- e-mail address or phone number
  recipient text not null,
  -- e-mails have a subject, SMS do not
  subject text,
  body_text text not null,
  body_html text,
  reply_to text,
  category text not null,
  created_at timestamptz not null default now(),
  check ((channel = 'email') = (subject is not null)),
  check (channel = 'email' or (body_html is null and reply_to is null))
);
create index dev_outbox_recipient on dev_outbox (lower(recipient), seq);

create table communications (
  id uuid primary key default gen_random_uuid(),
  email text not null,
  name text,
  subject text,
  message text not null,
  locale text,
  client_ip text not null,
  user_agent text,
  created_at timestamptz not null default now()
);
create index communications_created_at on communications (created_at);
