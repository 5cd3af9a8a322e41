/**
 * Charging the text found in a document's pictures. It is not known at submit (only OCR finds
 * it), so each picture's lines are reserved on the ledger just before they are translated, under
 * an id of their own (`<project>:pic:<attempt>:<n>`); a picture the user's characters do not
 * cover is left as it was. The reservations are settled when the file is done and refunded when
 * the write fails (a retried write reserves anew under a new attempt id).
 */
import { AppError } from '@mtp/proto';
import { randomUUID } from 'node:crypto';
import type { QuotaPort } from '../ports';

export class PictureCharges {
  private readonly attempt = randomUUID().slice(0, 8);
  private readonly reserved: { id: string; chars: number }[] = [];

  constructor(
    private readonly quota: QuotaPort,
    private readonly userId: number,
    private readonly projectId: string,
  ) {}

  /** Reserves the characters of `texts`; false when the user has not enough left. */
  async admit(texts: readonly string[]): Promise<boolean> {
    const chars = texts.reduce((n, text) => n + [...text].length, 0);
    if (chars === 0) return true;
    const id = `${this.projectId}:pic:${this.attempt}:${this.reserved.length + 1}`;
    try {
      await this.quota.reserve({ userId: this.userId }, id, chars);
    } catch (err) {
      if (err instanceof AppError && err.codeName === 'CHARS_NOT_ENOUGH') return false;
      throw err;
    }
    this.reserved.push({ id, chars });
    return true;
  }

  /** Characters reserved so far. */
  get chars(): number {
    return this.reserved.reduce((n, r) => n + r.chars, 0);
  }

  async settle(): Promise<void> {
    for (const { id, chars } of this.reserved) await this.quota.settle(id, chars);
  }

  async refund(): Promise<void> {
    for (const { id } of this.reserved) await this.quota.refund(id).catch(() => {});
  }
}
