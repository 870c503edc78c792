/**
 * The top of the pages people land on, as static HTML in the page the gateway serves for their address
 * (`dist/landing/<route>.html`, see gateway/src/app.ts). It is painted as soon as the HTML and the stylesheet are
 * in, instead of after ≈ 146 KB of script has been downloaded and run; React then renders the same elements in
 * the same place, so nothing moves (landing-pages.test.tsx checks the markup against the real pages).
 *
 * Plain strings, no React: the build configuration (shell/rspack.config.ts) imports this file.
 */

/** The bar the header replaces, on every page (also in index.html's default). */
export const bootBar = '<div class="boot" aria-hidden="true">Fragtbud</div>';

const homeTop = [
  '<main class="app__main"><section class="hero" aria-labelledby="hero-title"><div class="fb-container hero__inner">',
  '<p class="hero__eyebrow">Flytning og fragt i hele Danmark</p>',
  '<h1 id="hero-title" class="hero__title">Få 3 tilbud på flytning og fragt – hurtigt og gratis</h1>',
  '<p class="hero__lead">Sammenlign tilbud fra professionelle flyttefirmaer og vognmænd, og vælg det, der passer dig. ' +
    'Det er gratis og helt uforpligtende.</p>',
  '</div></section></main>',
].join('');

const browseTop = [
  '<main class="app__main"><div class="fb-container page"><header class="fb-page-header"><div>',
  '<h1 class="fb-page-header__title">Find opgaver</h1>',
  '<p class="fb-page-header__lead">Se flytte- og fragtopgaver fra hele Danmark.</p>',
  '</div><div class="fb-page-header__actions"><a class="fb-button fb-button--primary" href="/create-task">Opret Opgave</a></div>',
  '</header></div></main>',
].join('');

/** Route (the address's single path segment, `index` for `/`) → what `#root` holds before the scripts run. */
export const landingPages: Record<string, string> = {
  index: bootBar + homeTop,
  BrowseTasks: bootBar + browseTop,
  'browse-tasks': bootBar + browseTop,
};
