import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { setSession } from '@fragtbud/web/testing';
import { setupShellApiServer } from '../testing/api-server';
import { renderApp } from '../testing/render-app';
import { landingPages } from './landing-pages';

const server = setupShellApiServer();

/** Every element of the static top: tag, classes and, for leaves, the text. */
function outline(root: ParentNode): string[] {
  return [...root.querySelectorAll('main *')].map((element) => {
    const classes = [...element.classList].sort().join('.');
    const text = element.children.length === 0 ? ` "${element.textContent}"` : '';
    return `${element.tagName.toLowerCase()}.${classes}${text}`;
  });
}

/** The same elements in the page React rendered, in the same order. */
function renderedOutline(container: HTMLElement, staticOutline: string[]): string[] {
  const rendered = outline(container);
  return staticOutline.filter((line) => rendered.includes(line));
}

describe('landing pages', () => {
  beforeEach(() => {
    setSession(null);
    server.use(
      http.get('/api/ratings/public', () => HttpResponse.json({ items: [] })),
      http.get('/api/tasks', () => HttpResponse.json({ items: [], total: 0, page: 1, limit: 20 })),
    );
  });

  it.each([
    ['index', '/'],
    ['BrowseTasks', '/BrowseTasks'],
    ['browse-tasks', '/browse-tasks'],
  ])('when %s.html is painted before the scripts, then React renders the same elements with the same text', (route, url) => {
    const template = document.createElement('template');
    template.innerHTML = landingPages[route] ?? '';
    const staticOutline = outline(template.content);
    expect(staticOutline.length).toBeGreaterThan(3);

    const { container } = renderApp(url);
    expect(renderedOutline(container, staticOutline)).toEqual(staticOutline);
  });

  it('when the home page renders, then its h1 is the one the landing HTML paints', () => {
    const template = document.createElement('template');
    template.innerHTML = landingPages.index ?? '';
    const { container } = renderApp('/');
    expect(container.querySelector('h1')?.outerHTML).toBe(template.content.querySelector('h1')?.outerHTML);
  });
});
