import { Dropdown } from '../../ui/dropdown/Dropdown';
import type { DropdownOption } from '../../ui/dropdown/filterOptions';
import { setQuizFields } from '../editor/store/quizActions';
import { useQuizDispatch, useQuizSelector } from '../editor/store/quizStoreHooks';
import { HOST_WITH_PRODUCT_LABEL } from './publishTexts';
import { useAccountDomains } from './useAccountDomains';

/** The option value standing for `domain: null`, our own publish host. */
const OWN_HOST_VALUE = '';

/** Where the quiz goes live: our host, or one of the account's custom domains (the quiz's `domain`). */
export function DomainSelect() {
  const domain = useQuizSelector((quiz) => quiz.domain);
  const dispatch = useQuizDispatch();
  // Chosen by the stored (ASCII) name, shown as people write it (an internationalised domain in its letters).
  const domains = useAccountDomains().map(({ host, displayHost }) => ({ value: host, label: displayHost }));
  // A chosen domain stays visible while the list loads, or after it was removed from the account.
  if (domain !== null && !domains.some((option) => option.value === domain)) {
    domains.push({ value: domain, label: domain });
  }
  const options: DropdownOption<string>[] = [
    { value: OWN_HOST_VALUE, label: HOST_WITH_PRODUCT_LABEL },
    ...domains,
  ];
  return (
    <Dropdown
      label="Domain"
      options={options}
      value={domain ?? OWN_HOST_VALUE}
      onChange={(value) => dispatch(setQuizFields({ domain: value === OWN_HOST_VALUE ? null : value }))}
    />
  );
}
