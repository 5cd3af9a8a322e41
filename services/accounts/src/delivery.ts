/**
 * How codes reach people. E-mail goes out over real SMTP (`SMTP_URL`); without it the clearly
 * named development transport writes the message to the log. SMS is a provider port: a real
 * gateway is a third party we cannot reach here, so the only provider is a development one
 * that logs, and it says so in its name.
 */
import nodemailer from 'nodemailer';
import type { UiLang } from '@mtp/proto';

export type OutgoingMessage = { to: string; subject: string; text: string };

export interface Mailer {
  readonly name: string;
  send(message: OutgoingMessage): Promise<void>;
}

export interface SmsProvider {
  readonly name: string;
  send(mobile: string, text: string): Promise<void>;
}

export type Log = (line: string) => void;

export class SmtpMailer implements Mailer {
  readonly name = 'smtp';
  private readonly transport;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(m: OutgoingMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, to: m.to, subject: m.subject, text: m.text });
  }
}

export class DevLogMailer implements Mailer {
  readonly name = 'dev-log (no SMTP_URL set: mail is written to the log, not sent)';
  constructor(private readonly log: Log) {}

  async send(m: OutgoingMessage): Promise<void> {
    this.log(`[dev-mail] to=${m.to} subject=${JSON.stringify(m.subject)} text=${JSON.stringify(m.text)}`);
  }
}

export class DevLogSmsProvider implements SmsProvider {
  readonly name = 'dev-log (no SMS gateway configured: messages are written to the log, not sent)';
  constructor(private readonly log: Log) {}

  async send(mobile: string, text: string): Promise<void> {
    this.log(`[dev-sms] to=${mobile} text=${JSON.stringify(text)}`);
  }
}

export function codeMessage(code: string, lang: UiLang, minutes: number): { subject: string; text: string } {
  return lang === 'zh_CN'
    ? { subject: '您的验证码', text: `您的验证码是 ${code}，${minutes} 分钟内有效。如非本人操作，请忽略本消息。` }
    : {
        subject: 'Your verification code',
        text: `Your verification code is ${code}. It is valid for ${minutes} minutes. If you did not ask for it, ignore this message.`,
      };
}
