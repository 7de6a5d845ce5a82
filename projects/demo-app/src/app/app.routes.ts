import { Routes } from '@angular/router';
import { ProviderPageComponent } from './pages/provider-page.component';
import { XsltPageComponent } from './pages/xslt-page.component';
import { ServerPageComponent } from './pages/server-page.component';

export const routes: Routes = [
  { path: '', pathMatch: 'full', redirectTo: 'provider' },
  { path: 'provider', component: ProviderPageComponent, title: 'Data provider' },
  { path: 'xslt', component: XsltPageComponent, title: 'XSLT chain' },
  { path: 'server', component: ServerPageComponent, title: 'Server orders' },
];
