import { Clipboard } from '@angular/cdk/clipboard';
import { Injectable, inject } from '@angular/core';
import { ClipboardPort, WrsError, WrsUtil, browserClipboard } from 'ngx-wrs-grid/core';
import { injectDataProviderRegistry } from './data-provider-registry';
import { WRS_BACKEND } from './wrs-backend.token';

/** Copy through the CDK Clipboard (works without the async clipboard permission); paste through `navigator.clipboard`. */
function cdkClipboardPort(clipboard: Clipboard): ClipboardPort {
  return {
    writeText(text) {
      if (!clipboard.copy(text)) throw new WrsError('CLIPBOARD', 'The browser refused to copy to the clipboard', text.length);
    },
    readText() {
      const browser = browserClipboard();
      if (!browser) throw new WrsError('CLIPBOARD', 'Reading the clipboard needs navigator.clipboard; pass the pasted text as args.text', 'readText');
      return browser.readText();
    },
  };
}

/**
 * The Wrs utility functions of spec 4.3 (`ui.wrs.wrsUtil`) for Angular: the core WrsUtil wired to the app's
 * DataProviderRegistry, the CDK Clipboard and the WRS_BACKEND (the core default backend when none is provided).
 */
@Injectable({ providedIn: 'root' })
export class WrsUtilService extends WrsUtil {
  constructor() {
    super({
      registry: injectDataProviderRegistry(),
      clipboard: cdkClipboardPort(inject(Clipboard)),
      backend: inject(WRS_BACKEND, { optional: true }) ?? undefined,
    });
  }
}
