import { ChangeDetectionStrategy, Component } from '@angular/core';
import { RouterLink, RouterLinkActive, RouterOutlet } from '@angular/router';

@Component({
  selector: 'app-root',
  imports: [RouterOutlet, RouterLink, RouterLinkActive],
  changeDetection: ChangeDetectionStrategy.OnPush,
  template: `
    <header class="bar">
      <strong>ngx-wrs-grid demo</strong>
      <nav>
        <a routerLink="/provider" routerLinkActive="active">Data provider</a>
        <a routerLink="/xslt" routerLinkActive="active">XSLT chain</a>
        <a routerLink="/server" routerLinkActive="active">Server orders</a>
        <a routerLink="/grid-orders" routerLinkActive="active">Grid: orders</a>
        <a routerLink="/grid-speed" routerLinkActive="active">Grid: speed</a>
        <a routerLink="/grid-readonly" routerLinkActive="active">Grid: read-only</a>
        <a routerLink="/grid-custom" routerLinkActive="active">Grid: custom</a>
        <a routerLink="/grid-features" routerLinkActive="active">Grid: features</a>
        <a routerLink="/grid-features-server" routerLinkActive="active">Grid: server pages</a>
        <a routerLink="/grid-chain" routerLinkActive="active">Grid: chain</a>
      </nav>
    </header>
    <main><router-outlet /></main>
  `,
  styles: `
    .bar { display: flex; gap: 2rem; align-items: center; padding: 0.6rem 1rem; background: #243047; color: #fff; }
    nav { display: flex; gap: 1rem; }
    nav a { color: #cfd8ea; text-decoration: none; }
    nav a.active { color: #fff; text-decoration: underline; }
    main { padding: 1rem; }
  `,
})
export class AppComponent {}
