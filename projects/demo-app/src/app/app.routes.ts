import { Routes } from '@angular/router';
import { ProviderPageComponent } from './pages/provider-page.component';
import { XsltPageComponent } from './pages/xslt-page.component';
import { ServerPageComponent } from './pages/server-page.component';
import { GridOrdersPageComponent } from './pages/grid-orders-page.component';
import { GridSpeedPageComponent } from './pages/grid-speed-page.component';
import { GridReadonlyPageComponent } from './pages/grid-readonly-page.component';
import { GridCustomPageComponent } from './pages/grid-custom-page.component';
import { GridFeaturesClientPageComponent } from './pages/grid-features-client-page.component';
import { GridFeaturesServerPageComponent } from './pages/grid-features-server-page.component';
import { GridChainPageComponent } from './pages/grid-chain-page.component';

export const routes: Routes = [
  { path: '', pathMatch: 'full', redirectTo: 'provider' },
  { path: 'provider', component: ProviderPageComponent, title: 'Data provider' },
  { path: 'xslt', component: XsltPageComponent, title: 'XSLT chain' },
  { path: 'server', component: ServerPageComponent, title: 'Server orders' },
  { path: 'grid-orders', component: GridOrdersPageComponent, title: 'Grid: orders' },
  { path: 'grid-speed', component: GridSpeedPageComponent, title: 'Grid: speed' },
  { path: 'grid-readonly', component: GridReadonlyPageComponent, title: 'Grid: read-only' },
  { path: 'grid-custom', component: GridCustomPageComponent, title: 'Grid: custom cells' },
  { path: 'grid-features', component: GridFeaturesClientPageComponent, title: 'Grid: features' },
  { path: 'grid-features-server', component: GridFeaturesServerPageComponent, title: 'Grid: server pages' },
  { path: 'grid-chain', component: GridChainPageComponent, title: 'Grid: chain' },
];
