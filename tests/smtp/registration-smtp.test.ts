/**
 * Registration end to end over real SMTP: the gateway sends the e-mail code to an SMTP server
 * started here (smtp-server), the test parses the delivered mail (mailparser), reads the code
 * from it and registers with it.
 */
import { buildTestGateway, type TestGateway } from '@mtp/gateway/testing';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let smtp: SMTPServer;
let gw: TestGateway;
const inbox: ParsedMail[] = [];
let delivered: (() => void) | undefined;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          inbox.push(mail);
          delivered?.();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  gw = await buildTestGateway({ smtpUrl: `smtp://127.0.0.1:${port}` });
});

afterAll(async () => {
  await gw.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const nextMail = () => new Promise<void>((resolve) => (delivered = resolve));

describe('registration over real SMTP', () => {
  it('mails the code in the caller language and registers with the code read from the mail', async () => {
    const arrived = nextMail();
    const sent = await gw.call('POST', 'send_email_code', {
      lang: 'zh-CN',
      body: { account: 'Reader@Example.com', purpose: 'register', ...(await gw.captcha()) },
    });
    expect(sent.code).toBe(20000);
    await arrived;

    const mail = inbox.at(-1)!;
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe('reader@example.com');
    expect(mail.subject).toBe('您的验证码');
    const code = /(\d{6})/.exec(mail.text ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    // Nothing went to the development log: the mail really left through SMTP.
    expect(gw.log.some((l) => l.startsWith('[dev-mail]'))).toBe(false);

    const registered = await gw.call<{ access_token: string }>('POST', 'user/register', {
      body: { account: 'reader@example.com', username: '读者', password: gw.encrypt('Passw0rd'), code },
    });
    expect(registered.code).toBe(20000);
    const me = await gw.call<{ username: string; account_number: string }>('GET', 'user/get_user_data', {
      token: registered.data.access_token,
    });
    expect(me.data).toMatchObject({ username: '读者', account_number: 'reader@example.com' });
    expect((await gw.login('reader@example.com', 'Passw0rd')).code).toBe(20000);
  });

  it('reports a server error and lets the user ask again when the SMTP server is unreachable', async () => {
    const down = await buildTestGateway({ smtpUrl: 'smtp://127.0.0.1:1' });
    try {
      const res = await down.call('POST', 'send_email_code', {
        body: { account: 'x@example.com', purpose: 'register', ...(await down.captcha()) },
      });
      expect(res.status).toBe(500);
      expect(res.code).toBe(50000);
      const { rowCount } = await down.db.query("SELECT 1 FROM verification_codes WHERE account = 'x@example.com'");
      expect(rowCount).toBe(0);
    } finally {
      await down.close();
    }
  });
});
