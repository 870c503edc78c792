import type { Compilation, Compiler, RspackPluginInstance } from '@rspack/core';
import { rspack } from '@rspack/core';

type ChunkGroup = Compilation['chunkGroups'][number];

/** `consume shared module (default) react-dom/client@^19 (strict) …` → `react-dom/client`. */
const consumeKey = /^consume shared module \([^)]*\) (.+?)@/;
/** `provide shared module (default) react-dom/client@19.3.1 = …` → `react-dom/client`. */
const provideKey = /^provide shared module \([^)]*\) (.+?)@/;

/**
 * The host's entry only starts the federation runtime and then imports `./bootstrap`; the bootstrap chunk and the
 * shared modules it consumes (React, the router, the session store …) would be discovered one round trip later.
 * This plugin finds them in the chunk graph and lets index.html preload them, so they download in parallel with
 * the entry. Shared modules only lazily loaded pages consume (zod for the forms) are not preloaded.
 */
export class PreloadStartupChunksPlugin implements RspackPluginInstance {
  constructor(private readonly startupRequest = './bootstrap') {}

  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('PreloadStartupChunksPlugin', (compilation) => {
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).alterAssetTags.tapPromise(
        'PreloadStartupChunksPlugin',
        async (data) => {
          // A landing page (HTML with the top of the page in it) carries the start-up stylesheet inline, so that
          // top is painted styled from the HTML alone; the stylesheet is still preloaded for the app's own link.
          const landing = data.outputName.startsWith('landing/');
          const links = this.startupFiles(compilation).flatMap((file) => {
            if (!file.endsWith('.css')) {
              return [{ tagName: 'link', voidTag: true, attributes: { rel: 'preload', as: 'script', href: data.publicPath + file } }];
            }
            const preload = { tagName: 'link', voidTag: true, attributes: { rel: 'preload', as: 'style', href: data.publicPath + file } };
            const css = landing ? compilation.getAsset(file)?.source.source().toString() : undefined;
            return css ? [{ tagName: 'style', voidTag: false, attributes: {}, innerHTML: css }, preload] : [preload];
          });
          // Ahead of the entry script in <head> (the plugin does not inject extra meta-group tags into a template).
          data.assetTags.scripts = [...links, ...data.assetTags.scripts];
          return data;
        },
      );
    });
  }

  private startupFiles(compilation: Compilation): string[] {
    const groups = compilation.chunkGroups;
    const modulesOf = (group: ChunkGroup) =>
      group.chunks.flatMap((chunk) => compilation.chunkGraph.getChunkModules(chunk).map((module) => module.identifier()));
    const originMatches = (group: ChunkGroup, test: (request: string, module: string) => boolean) =>
      group.origins.some((origin) => test(origin.request ?? '', origin.module?.identifier() ?? ''));

    const needed = groups.filter((group) => originMatches(group, (request) => request === this.startupRequest));
    const seenKeys = new Set<string>();
    for (let i = 0; i < needed.length; i += 1) {
      for (const identifier of modulesOf(needed[i] as ChunkGroup)) {
        const key = identifier.match(consumeKey)?.[1];
        if (!key || seenKeys.has(key)) continue;
        seenKeys.add(key);
        // The shell's own copy of the shared module (it provides every singleton first).
        needed.push(...groups.filter((group) => originMatches(group, (_, module) => module.match(provideKey)?.[1] === key)));
      }
    }
    const files = new Set(needed.flatMap((group) => group.chunks.flatMap((chunk) => [...chunk.files])));
    return [...files].filter((file) => /\.(js|css)$/.test(file)).sort();
  }
}
