import { createVariantSystem, UiProvider } from '@cgm-portal/ui';
import type { Decorator, Preview } from '@storybook/react-vite';
import { componentDescription } from './component-description';
import { languageGlobalType, languageLoader, STORY_LANGUAGE, withLanguage } from './language';
import { portalLoader, withPortal } from './portal-story';
import { variants } from './variants';

const systems = Object.fromEntries(Object.values(variants).map((v) => [v.id, createVariantSystem(v.theme)]));

const withVariantTheme: Decorator = (Story, context) => {
  const id = (context.globals.variant as string) ?? 'human-16-lang';
  const system = systems[id] ?? systems['human-16-lang']!;
  return (
    <UiProvider system={system}>
      <Story />
    </UiProvider>
  );
};

const preview: Preview = {
  // withPortal renders inside the variant theme; it only acts on stories with `parameters.portal`.
  // withLanguage (outermost) gives every story the toolbar's language and direction.
  decorators: [withPortal, withVariantTheme, withLanguage],
  loaders: [languageLoader, portalLoader],
  globalTypes: {
    language: languageGlobalType,
    variant: {
      description: 'Build-time variant (theme)',
      toolbar: {
        title: 'Variant',
        icon: 'paintbrush',
        items: Object.values(variants).map((v) => ({ value: v.id, title: v.id })),
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { variant: 'human-16-lang', language: STORY_LANGUAGE },
  parameters: { layout: 'padded', docs: { extractComponentDescription: componentDescription } },
};

export default preview;
