import type { Country } from '@croupier/contract';
import { useForm } from 'react-hook-form';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  DynamicField,
  visibleFieldError,
  type DynamicFieldProps,
  type DynamicValues,
  type FieldKind,
} from './DynamicField';

const germany: Country = {
  code: 'DE',
  name: 'Germany',
  nativeName: 'Deutschland',
  phonePrefix: '49',
  currency: 'EUR',
  locale: 'de',
  additionalCurrency: [],
  restrict: false,
  restrictType: null,
};

type Extra = Omit<DynamicFieldProps, 'field' | 'id' | 'methods' | 'rules' | 'label'>;

/** One field of a form with `values`, rendered to markup. */
function render(kind: FieldKind, name: string, values: DynamicValues, extra: Extra = {}): string {
  function Form() {
    const methods = useForm<DynamicValues>({ defaultValues: values });
    return (
      <DynamicField
        field={{ name, kind }}
        id={`f-${name}`}
        methods={methods}
        rules={{ validate: () => true }}
        label={`Label ${name}`}
        {...extra}
      />
    );
  }
  return renderToStaticMarkup(<Form />);
}

describe('dynamic field renderer', () => {
  // Inputs are registered uncontrolled: react-hook-form sets their values in the browser,
  // so the markup shows how each kind is drawn, not the values.
  it('draws text kinds as inputs of their type', () => {
    const email = render('email', 'email', { email: '' });
    expect(email).toContain('<label class="field__label" for="f-email">Label email</label>');
    expect(email).toContain('<input id="f-email"');
    expect(email).toContain('class="input" data-size="regular"');
    expect(email).toContain('type="email"');
    expect(email).toContain('name="email"');
    const password = render('password', 'password', { password: '' }, { autoComplete: 'new-password' });
    expect(password).toContain('type="password"');
    expect(password).toContain('autoComplete="new-password"');
    expect(render('date', 'birthdate', { birthdate: '' })).toContain('type="date"');
    expect(render('number', 'age', { age: '' })).toContain('inputMode="numeric"');
    expect(render('text', 'city', { city: '' }, { placeholder: 'Your city' })).toContain('placeholder="Your city"');
    expect(render('textarea', 'message', { message: '' })).toContain('<textarea id="f-message" class="input"');
  });

  it('draws choice kinds as a select with the label as the prompt when there is no placeholder', () => {
    const choices = [
      { value: 'DE', label: 'Germany' },
      { value: 'FR', label: 'France' },
    ];
    const markup = render('country', 'country', { country: '' }, { choices });
    expect(markup).toContain('<select id="f-country" class="input select"');
    expect(markup).toContain(
      '<option value="">Label country</option><option value="DE">Germany</option><option value="FR">France</option>',
    );
    expect(render('gender', 'gender', { gender: '' }, { choices, placeholder: 'Select' })).toContain(
      '<option value="">Select</option>',
    );
  });

  it('draws a checkbox with rich label content', () => {
    const markup = render(
      'checkbox',
      'agreements',
      { agreements: false },
      { checkboxLabel: <a href="/terms">Terms</a> },
    );
    expect(markup).toContain('<input type="checkbox" id="f-agreements" class="check__input"');
    expect(markup).toContain('<label class="check__label" for="f-agreements"><a href="/terms">Terms</a></label>');
  });

  it('draws the phone with its country select kept in phoneCountry', () => {
    const markup = render(
      'phone',
      'phone',
      { phone: '15112345678', phoneCountry: 'DE' },
      { phone: { countries: [germany], countryLabel: 'Country' } },
    );
    expect(markup).toContain('<span class="auth-phone__prefix">+49</span>');
    expect(markup).toContain('name="phoneCountry"');
    // The number is controlled (digits only while typing), so its value is in the markup.
    expect(markup).toContain('value="15112345678"');
    expect(markup).toContain('class="input auth-phone__number"');
  });

  it("shows the server's error and what `after` adds, described by its id", () => {
    const markup = render(
      'email',
      'email',
      { email: '' },
      {
        serverError: 'Taken.',
        describedBy: 'f-email-status',
        after: <p id="f-email-status">Not confirmed</p>,
      },
    );
    expect(markup).toContain('aria-describedby="f-email-error f-email-status"');
    expect(markup).toContain(
      '<p id="f-email-error" class="field__error">Taken.</p><p id="f-email-status">Not confirmed</p>',
    );
  });
});

describe('visible field error', () => {
  const base = { dirty: false, touched: false, submitCount: 0, ruleError: 'Too short.' };

  it('shows a rule error once the field was changed and left, or after a submit', () => {
    expect(visibleFieldError(base)).toBeUndefined();
    expect(visibleFieldError({ ...base, dirty: true })).toBeUndefined();
    expect(visibleFieldError({ ...base, touched: true })).toBeUndefined();
    expect(visibleFieldError({ ...base, dirty: true, touched: true })).toBe('Too short.');
    expect(visibleFieldError({ ...base, submitCount: 1 })).toBe('Too short.');
  });

  it("puts the rule's error before the server's and shows the server's alone", () => {
    expect(visibleFieldError({ ...base, submitCount: 1, serverError: 'Taken.' })).toBe('Too short.');
    expect(visibleFieldError({ ...base, serverError: 'Taken.' })).toBe('Taken.');
    expect(visibleFieldError({ ...base, ruleError: undefined, serverError: '' })).toBeUndefined();
  });
});
