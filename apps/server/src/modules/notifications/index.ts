export type { EmailMessage, EmailSender } from './email';
export type { SmsMessage, SmsSender } from './sms';
export { createMessageTemplates } from './messages';
export type { LocaleChoice, MessageContent, MessageTemplates } from './messages';
