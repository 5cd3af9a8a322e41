/**
 * The memory a post-editing project writes confirmed segments to, as a port: the language
 * service owns memories (and the rules of who may write where, and how many entries a plan
 * allows), and this package does not import it. The gateway implements the port with
 * @mtp/language's `insertEntry`, so a confirm is held to exactly the rules of adding an entry by hand.
 */
import type { AppError, LanguageCode } from '@mtp/proto';

/** Who edits: the gateway's auth context (role 0 admin, 1 manager, 2 normal). */
export type PeActor = { userId: number; role: number; siteId: number };

export type PeBankCheck = { ok: true; name: string } | { ok: false };

/** What one confirm writes: the pair, and the segment before it as context (101% matches). */
export type PeMemoryEntry = { source: string; target: string; prevSource: string | null; srcLang: LanguageCode; tgtLang: LanguageCode };

export type PeMemoryWrite = { ok: true; entryId: number } | { ok: false; error: AppError };

export type PeMemoryPort = {
  /**
   * Whether `bankId` is a memory (flag 0) the actor may write of the pair `src` -> `tgt`: their own
   * individual memory, or a system memory they manage. Its name when it is.
   */
  checkBank(actor: PeActor, bankId: number, src: LanguageCode, tgt: LanguageCode): Promise<PeBankCheck>;
  /** Writes one entry; a refusal (the plan's entry limit, a bank deleted meanwhile) is answered, not thrown. */
  write(actor: PeActor, bankId: number, entry: PeMemoryEntry): Promise<PeMemoryWrite>;
  /** The name of a bank, or null when it is gone (a project shows the memory it writes to). */
  bankName(bankId: number): Promise<string | null>;
};
