import { NativeSelect } from '@chakra-ui/react';
import { isLanguageCode, LANGUAGE_NAMES, useLanguage, useTranslation } from '@cgm-portal/i18n';

/** The language dropdown: exactly the variant's languages, each in its own name. Hidden when there is only one. */
export function LanguageSelect({ size = 'sm' }: { size?: 'xs' | 'sm' | 'md' }) {
  const { t } = useTranslation();
  const { language, languages, setLanguage } = useLanguage();
  if (languages.length < 2) return null;
  return (
    <NativeSelect.Root size={size} width="auto">
      <NativeSelect.Field
        aria-label={t('layout.selectLanguage')}
        data-testid="language-select"
        value={language}
        onChange={(e) => {
          const next = e.currentTarget.value;
          if (isLanguageCode(next)) void setLanguage(next);
        }}
      >
        {languages.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
