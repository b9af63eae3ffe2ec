import type { StorybookConfig } from '@storybook/react-vite';

// The one Storybook host: stories live beside the code in every package.
const config: StorybookConfig = {
  stories: ['../stories/**/*.stories.tsx', '../../../packages/*/src/**/*.stories.tsx'],
  framework: { name: '@storybook/react-vite', options: {} },
  // Docs pages (props tables from the components' types and JSDoc) for stories tagged 'autodocs'.
  addons: ['@storybook/addon-docs'],
  core: { disableTelemetry: true },
  // Chakra's package.json points at a hosted Storybook that cannot load offline.
  refs: { '@chakra-ui/react': { disable: true } },
  staticDirs: ['../public'],
  async viteFinal(viteConfig) {
    viteConfig.build ??= {};
    viteConfig.build.chunkSizeWarningLimit = 4000;
    const onwarn = viteConfig.build.rollupOptions?.onwarn;
    viteConfig.build.rollupOptions = {
      ...viteConfig.build.rollupOptions,
      onwarn(warning, warn) {
        // Chakra and Ark ship "use client" directives that Rollup reports by the thousand.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE' || warning.code === 'SOURCEMAP_ERROR') return;
        if (onwarn) onwarn(warning, warn);
        else warn(warning);
      },
    };
    return viteConfig;
  },
};

export default config;
