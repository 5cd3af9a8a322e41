/**
 * A STAND-IN for Microsoft's Office.js (https://appsforoffice.microsoft.com/lib/1/hosted/office.js),
 * which works only inside Word or Excel. Browser tests serve this file at that URL (page.route)
 * so the Office add-in's real task pane runs in Chromium against an in-memory document.
 *
 * It implements the subset the pane uses, with Office's proxy-object rules: properties are
 * readable only after `load` and `context.sync()`, writes are queued and applied by `sync`, in
 * order. Anything else throws, so a pane that starts using another API fails loudly here.
 * - Office.onReady, Office.context.displayLanguage, OfficeExtension.Error
 * - Word.run: document.getSelection().paragraphs, document.body.paragraphs, load('items/text'),
 *   paragraph.inlinePictures.load('items'), paragraph.insertText(text, 'Replace')
 * - Excel.run: workbook.getSelectedRange(), range.getUsedRangeOrNullObject(true) (isNullObject),
 *   values/formulas/numberFormat, range.getCell(r, c),
 *   setting `values` (on a cell or on the whole range: Excel's rule, a value replaces a formula)
 *
 * The document comes from `globalThis.__officeStandInSetup` (set by an init script before the
 * pane loads); what happened is kept in `globalThis.__officeStandIn` for the test to read:
 * paragraphs keep their style and alignment unless something rewrites them, and `calls` lists
 * every write with its location.
 */
(function officeJsStandIn() {
  const setup = globalThis.__officeStandInSetup || {};
  const state = {
    host: setup.host || 'Word',
    displayLanguage: setup.displayLanguage || 'en-US',
    paragraphs: (setup.paragraphs || []).map((p) => ({ style: 'Normal', alignment: 'Left', pictures: 0, selected: false, ...p })),
    cells: (setup.cells || []).map((row) => row.map((c) => ({ numberFormat: 'General', ...c }))),
    calls: [],
    syncs: 0,
  };
  globalThis.__officeStandIn = state;

  class OfficeError extends Error {
    constructor(code, message) {
      super(message);
      this.name = 'OfficeExtension.Error';
      this.code = code;
    }
  }
  const notLoaded = (what) =>
    new OfficeError('PropertyNotLoaded', `The property '${what}' is not available. Load it and call context.sync() first.`);

  /** A request context: queued operations run, in order, at sync. */
  function newContext() {
    const queue = [];
    return {
      queue,
      sync() {
        return new Promise((resolve, reject) =>
          setTimeout(() => {
            state.syncs += 1;
            try {
              queue.splice(0).forEach((op) => op());
              resolve();
            } catch (err) {
              reject(err);
            }
          }, 0),
        );
      },
    };
  }

  function loadedProperty(target, name, get) {
    let loaded = false;
    let value;
    Object.defineProperty(target, name, {
      configurable: true,
      get() {
        if (!loaded) throw notLoaded(name);
        return value;
      },
    });
    return () => {
      value = get();
      loaded = true;
    };
  }

  // ---- Word ----
  function wordParagraph(ctx, index) {
    const paragraph = {
      insertText(text, location) {
        if (location !== 'Replace') throw new OfficeError('NotImplemented', `stand-in: insertText location ${location} is not implemented`);
        ctx.queue.push(() => {
          state.paragraphs[index].text = String(text);
          state.calls.push({ api: 'Paragraph.insertText', index, location });
        });
        return {};
      },
    };
    const fillText = loadedProperty(paragraph, 'text', () => state.paragraphs[index].text);
    paragraph.__fill = fillText;
    let pictures = null;
    Object.defineProperty(paragraph, 'inlinePictures', {
      get() {
        if (pictures) return pictures;
        pictures = {
          load() {
            ctx.queue.push(fill);
            return pictures;
          },
        };
        const fill = loadedProperty(pictures, 'items', () => Array.from({ length: state.paragraphs[index].pictures }, () => ({})));
        return pictures;
      },
    });
    return paragraph;
  }

  function wordParagraphs(ctx, indexes) {
    const collection = {
      load(props) {
        const wanted = String(props);
        if (!/\btext\b/.test(wanted)) throw new OfficeError('NotImplemented', `stand-in: paragraphs.load(${wanted}) is not implemented`);
        ctx.queue.push(fill);
        return collection;
      },
    };
    const fill = loadedProperty(collection, 'items', () =>
      indexes().map((i) => {
        const p = wordParagraph(ctx, i);
        p.__fill();
        return p;
      }),
    );
    return collection;
  }

  function wordContext() {
    const ctx = newContext();
    const all = () => state.paragraphs.map((_, i) => i);
    const selected = () => all().filter((i) => state.paragraphs[i].selected);
    ctx.document = {
      body: { paragraphs: wordParagraphs(ctx, all) },
      getSelection: () => ({ paragraphs: wordParagraphs(ctx, selected) }),
    };
    return ctx;
  }

  // ---- Excel ----
  /** What Excel stores when a value is written: "=..." a formula, "'..." text without the mark. */
  function writeCell(r, c, value) {
    const cell = state.cells[r][c];
    if (typeof value === 'string' && value.startsWith('=')) {
      cell.formula = value;
      cell.value = '#FORMULA';
    } else {
      const stored = typeof value === 'string' && value.startsWith("'") ? value.slice(1) : value;
      cell.value = stored;
      cell.formula = stored;
    }
  }

  function excelRange(ctx, top, left, rows, columns) {
    const grid = (pick) =>
      Array.from({ length: rows }, (_, r) => Array.from({ length: columns }, (_, c) => pick(state.cells[top + r][left + c])));
    const range = {
      load(props) {
        const names = (Array.isArray(props) ? props : String(props).split(',')).map((s) => s.trim());
        for (const name of names) {
          if (!fills[name]) throw new OfficeError('NotImplemented', `stand-in: range.load(${name}) is not implemented`);
          ctx.queue.push(fills[name]);
        }
        return range;
      },
      /** Excel's used range with valuesOnly: the bounding box of the cells holding a value. */
      getUsedRangeOrNullObject(valuesOnly) {
        if (valuesOnly !== true) throw new OfficeError('NotImplemented', 'stand-in: only getUsedRangeOrNullObject(true) is implemented');
        let box = null;
        for (let r = 0; r < rows; r++) {
          for (let c = 0; c < columns; c++) {
            const value = state.cells[top + r][left + c].value;
            if (value === '' || value === null || value === undefined) continue;
            box = box
              ? { r0: Math.min(box.r0, r), c0: Math.min(box.c0, c), r1: Math.max(box.r1, r), c1: Math.max(box.c1, c) }
              : { r0: r, c0: c, r1: r, c1: c };
          }
        }
        if (!box) return nullRange(ctx);
        return excelRange(ctx, top + box.r0, left + box.c0, box.r1 - box.r0 + 1, box.c1 - box.c0 + 1);
      },
      getCell(r, c) {
        if (r < 0 || c < 0 || r >= rows || c >= columns) throw new OfficeError('InvalidArgument', 'getCell outside the range');
        return excelRange(ctx, top + r, left + c, 1, 1);
      },
    };
    const nullFlag = loadedProperty(range, 'isNullObject', () => false);
    const fills = {
      values: loadedProperty(range, 'values', () => {
        nullFlag();
        return grid((cell) => cell.value);
      }),
      formulas: loadedProperty(range, 'formulas', () => grid((cell) => cell.formula)),
      numberFormat: loadedProperty(range, 'numberFormat', () => grid((cell) => cell.numberFormat)),
    };
    const valuesGetter = Object.getOwnPropertyDescriptor(range, 'values').get;
    Object.defineProperty(range, 'values', {
      get: valuesGetter,
      set(values) {
        ctx.queue.push(() => {
          state.calls.push({ api: 'Range.values', row: top, column: left, rows, columns });
          values.forEach((row, r) => row.forEach((value, c) => writeCell(top + r, left + c, value)));
        });
      },
    });
    return range;
  }

  /** What *OrNullObject methods answer when there is nothing: loads succeed, isNullObject is true. */
  function nullRange(ctx) {
    const range = {
      load() {
        ctx.queue.push(fill);
        return range;
      },
    };
    const fill = loadedProperty(range, 'isNullObject', () => true);
    return range;
  }

  function excelContext() {
    const ctx = newContext();
    ctx.workbook = { getSelectedRange: () => excelRange(ctx, 0, 0, state.cells.length, state.cells[0]?.length ?? 0) };
    return ctx;
  }

  function run(makeContext) {
    return (batch) => Promise.resolve().then(() => batch(makeContext()));
  }

  globalThis.OfficeExtension = { Error: OfficeError };
  globalThis.Office = {
    HostType: { Word: 'Word', Excel: 'Excel' },
    context: { displayLanguage: state.displayLanguage },
    onReady(callback) {
      const info = { host: state.host, platform: 'OfficeOnline' };
      return new Promise((resolve) => setTimeout(resolve, 0)).then(() => {
        if (callback) callback(info);
        return info;
      });
    },
  };
  globalThis.Word = { run: run(wordContext), InsertLocation: { replace: 'Replace' } };
  globalThis.Excel = { run: run(excelContext) };
})();
