import { provideHttpClient, withFetch } from '@angular/common/http';
import { ApplicationConfig, provideZonelessChangeDetection } from '@angular/core';
import { provideRouter, withHashLocation } from '@angular/router';
import { provideHttpWrsBackend, provideUiGrid } from 'ngx-wrs-grid';
import { serverCompiledStylesheets } from 'ngx-wrs-grid/core';
import { routes } from './app.routes';

export const appConfig: ApplicationConfig = {
  providers: [provideZonelessChangeDetection(), provideRouter(routes, withHashLocation()), provideUiGrid({ sefResolver: serverCompiledStylesheets({ under: 'xslt/' }) }), provideHttpClient(withFetch()), provideHttpWrsBackend()],
};
