import { createI18n, I18nProvider, intlLocale, LANGUAGE_NAMES, LANGUAGES, LOCALE_FORMATS, textDirection, type LanguageCode, type PortalI18n } from '@cgm-portal/i18n';
import { AgpChart, DailySmallMultiples, DailyTrendChart, EventLegend, GlucoseTrace, registerLocaleTable, SessionOverview, TimeInRangesBar } from '@cgm-portal/charts';
import { chartLabels } from '@cgm-portal/portal';
import type { Decorator, Loader, StoryContext } from '@storybook/react-vite';

/** The toolbar's value when the story keeps the language it was written in. */
export const STORY_LANGUAGE = 'story';

/** The language chosen in the toolbar, or null when the story keeps its own. */
export function toolbarLanguage(context: Pick<StoryContext, 'globals'>): LanguageCode | null {
  const value = context.globals.language as string | undefined;
  return value && value !== STORY_LANGUAGE && (LANGUAGES as readonly string[]).includes(value) ? (value as LanguageCode) : null;
}

export const languageGlobalType = {
  description: 'Language and direction of the story (i18n, number and date formats, right-to-left)',
  toolbar: {
    title: 'Language',
    icon: 'globe',
    items: [{ value: STORY_LANGUAGE, title: 'As written in the story' }, ...LANGUAGES.map((lang) => ({ value: lang, title: `${LANGUAGE_NAMES[lang]} (${lang})`, right: textDirection(lang) === 'rtl' ? 'RTL' : undefined }))],
    dynamicTitle: true,
  },
};

// One instance offering all 18 languages; it sets <html lang dir> as the portal does.
let shared: PortalI18n | undefined;
function storybookI18n(): PortalI18n {
  shared ??= createI18n({ languages: LANGUAGES, defaultLanguage: 'en', storage: null });
  return shared;
}

/** Loads the chosen language's catalog before the story renders, so no story flashes English. */
export const languageLoader: Loader = async (context) => {
  const lang = toolbarLanguage(context);
  if (!lang) {
    document.documentElement.dir = 'ltr';
    document.documentElement.lang = 'en';
    return {};
  }
  const i18n = storybookI18n();
  await i18n.ready;
  await i18n.setLanguage(lang);
  return { i18n };
};

// Month and weekday names of the languages Chromium's Intl lacks (Armenian, Macedonian), as the portal registers them.
registerLocaleTable(LOCALE_FORMATS);

type ChartLabelSets = ReturnType<typeof chartLabels>;

/** Each chart's label set in the portal's catalog: the words a chart story shows in the toolbar's language. */
const CHART_LABELS = new Map<unknown, (sets: ChartLabelSets, story: Record<string, unknown>) => object>([
  [AgpChart, (sets) => sets.agp],
  [TimeInRangesBar, (sets) => sets.tir],
  [DailyTrendChart, (sets) => sets.trend],
  [DailySmallMultiples, (sets) => sets.daily],
  [SessionOverview, (sets) => sets.sessions],
  [EventLegend, (sets) => sets.events],
  // A trace's title names what it shows; the story's own title stays, its other words follow the language.
  [GlucoseTrace, (sets, story) => ({ ...sets.trace(''), ...(typeof story.title === 'string' ? { title: story.title } : {}) })],
]);

/**
 * Applies the toolbar language to every kind of story: translated components read it through
 * I18nProvider; charts (which never import i18n) get the language's locale and direction as
 * props, and their words from the portal's catalog (chartLabels, as the portal's screens do); the AGP report story gets it as its `language` arg; whole-portal stories read it in
 * portal-story's loader. The story is wrapped in `dir` and `lang`, so right-to-left mirrors.
 */
export const withLanguage: Decorator = (Story, context) => {
  const lang = toolbarLanguage(context);
  if (!lang) return <Story />;
  const dir = textDirection(lang);
  const args: Record<string, unknown> = { ...context.args };
  const { i18n } = context.loaded as { i18n?: PortalI18n };
  if (context.title.startsWith('Charts/')) {
    Object.assign(args, { locale: intlLocale(lang), direction: dir });
    const labelsOf = CHART_LABELS.get(context.component);
    if (labelsOf && i18n) args.labels = labelsOf(chartLabels(i18n.i18n.getFixedT(lang)), (context.args.labels ?? {}) as Record<string, unknown>);
  }
  if ('language' in context.args) args.language = lang;
  return (
    <div dir={dir} lang={lang}>
      {i18n ? (
        <I18nProvider i18n={i18n}>
          <Story args={args} />
        </I18nProvider>
      ) : (
        <Story args={args} />
      )}
    </div>
  );
};
