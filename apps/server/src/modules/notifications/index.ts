export type { EmailMessage, EmailSender } from './email';
export type { SmsMessage, SmsSender } from './sms';
