import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Compiler, RspackPluginInstance } from '@rspack/core';

const compressible = /\.(js|mjs|css|html|json|svg|txt)$/;
/** Below this a compressed copy saves nothing worth a lookup. */
const minBytes = 512;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy next to every text asset at build time, at the strongest
 * levels, so the gateway (gateway/src/static-files.ts) sends them by `Accept-Encoding` without compressing
 * anything per request.
 */
export class PrecompressPlugin implements RspackPluginInstance {
  apply(compiler: Compiler): void {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        { name: 'PrecompressPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        async () => {
          const work = compilation
            .getAssets()
            .filter(({ name, source }) => compressible.test(name) && source.size() >= minBytes)
            .map(async ({ name, source }) => {
              const content = Buffer.from(source.buffer());
              const [br, gz] = await Promise.all([
                brotli(content, {
                  params: {
                    [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                    [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
                  },
                }),
                gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
              ]);
              if (br.length < content.length) compilation.emitAsset(`${name}.br`, new sources.RawSource(br));
              if (gz.length < content.length) compilation.emitAsset(`${name}.gz`, new sources.RawSource(gz));
            });
          await Promise.all(work);
        },
      );
    });
  }
}
