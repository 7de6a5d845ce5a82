import { InjectionToken } from '@angular/core';
import { WrsBackend } from 'ngx-wrs-grid/core';

export const WRS_BACKEND = new InjectionToken<WrsBackend>('WRS_BACKEND');
