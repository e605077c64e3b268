import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AmountField } from './AmountField';
import { Checkbox } from './Checkbox';
import { FieldShell, fieldAria } from './FieldShell';
import { Select } from './Select';
import { TextAreaField, TextField } from './TextField';

const html = (node: React.ReactNode) => renderToStaticMarkup(node);

describe('fieldAria', () => {
  it('ties the control to its error, hint and extra texts', () => {
    expect(fieldAria('f', {})).toEqual({});
    expect(fieldAria('f', { error: 'Required.' })).toEqual({ 'aria-invalid': true, 'aria-describedby': 'f-error' });
    expect(fieldAria('f', { hint: 'min 10', describedBy: 'f-strength' })).toEqual({
      'aria-describedby': 'f-hint f-strength',
    });
  });
});

describe('FieldShell', () => {
  it('labels the control and shows the error with its id', () => {
    const markup = html(
      <FieldShell id="f" label="E-mail" error="Required.">
        <input id="f" />
      </FieldShell>,
    );
    expect(markup).toContain('<label class="field__label" for="f">E-mail</label>');
    expect(markup).toContain('<p id="f-error" class="field__error">Required.</p>');
    expect(markup).toContain('data-invalid=""');
    expect(markup).not.toContain('field__required');
  });

  it('shows the required mark to the eye only, the hint, and the compact size', () => {
    const markup = html(
      <FieldShell id="f" label="Amount" required hint="min 10" size="compact">
        <input id="f" />
      </FieldShell>,
    );
    expect(markup).toContain('<span class="field__required" aria-hidden="true">*</span>');
    expect(markup).toContain('<p id="f-hint" class="field__hint">min 10</p>');
    expect(markup).toContain('data-size="compact"');
    expect(markup).not.toContain('data-invalid');
  });
});

describe('TextField and TextAreaField', () => {
  it('marks an input with an error invalid and described by it', () => {
    const markup = html(<TextField id="e" label="E-mail" type="email" error="Not an e-mail." defaultValue="x" />);
    expect(markup).toContain('<input id="e"');
    expect(markup).toContain('class="input" data-size="regular"');
    expect(markup).toContain('aria-invalid="true" aria-describedby="e-error"');
    expect(markup).toContain('type="email"');
    expect(markup).toContain('id="e-error"');
  });

  it('describes a valid input by its hint and extra ids only', () => {
    const markup = html(<TextField id="p" label="Password" hint="6 or more" describedBy="p-strength" />);
    expect(markup).not.toContain('aria-invalid');
    expect(markup).toContain('aria-describedby="p-hint p-strength"');
  });

  it('draws a textarea with the same look', () => {
    const markup = html(<TextAreaField id="m" label="Message" rows={6} error="Too long." />);
    expect(markup).toContain('<textarea id="m" class="input" data-size="regular" aria-invalid="true"');
    expect(markup).toContain('rows="6"');
  });
});

describe('Select', () => {
  it('lists the prompt first, then the options', () => {
    const markup = html(
      <Select
        id="c"
        label="Country"
        placeholder="Choose"
        options={[
          { value: 'DE', label: 'Germany' },
          { value: 'FR', label: 'France' },
        ]}
        defaultValue="FR"
      />,
    );
    expect(markup).toContain('class="input select"');
    expect(markup).toMatch(
      /<option value="">Choose<\/option><option value="DE">Germany<\/option><option value="FR" selected="">France<\/option>/,
    );
  });

  it('has no prompt when none is given', () => {
    const markup = html(<Select id="n" label="Network" size="compact" options={[{ value: 'trc', label: 'Tron' }]} />);
    expect(markup).not.toContain('<option value="">');
    expect(markup).toContain('data-size="compact"');
  });
});

describe('Checkbox', () => {
  it('puts the label beside the box and the error under it', () => {
    const markup = html(<Checkbox id="a" label={<b>I agree</b>} error="Required." />);
    expect(markup).toContain(
      '<input type="checkbox" id="a" class="check__input" aria-invalid="true" aria-describedby="a-error"/>',
    );
    expect(markup).toContain('<label class="check__label" for="a"><b>I agree</b></label>');
    expect(markup).toContain('<p id="a-error" class="check__error">Required.</p>');
  });
});

describe('AmountField', () => {
  const props = {
    id: 'amt',
    name: 'amount',
    label: 'Amount (USD)',
    decimals: 2,
    locale: 'en',
    onChange: () => undefined,
  };

  it('is a decimal text input showing the range as its hint', () => {
    const markup = html(<AmountField {...props} value="12.5" hint="min 10, max 100" size="compact" />);
    expect(markup).toContain('inputMode="decimal"');
    expect(markup).toContain('value="12.5"');
    expect(markup).toContain('aria-describedby="amt-hint"');
    expect(markup).toContain('min 10, max 100');
  });

  it('shows the error in place of the hint', () => {
    const markup = html(<AmountField {...props} value="" hint="min 10, max 100" error="This field is required." />);
    expect(markup).toContain('aria-describedby="amt-error"');
    expect(markup).not.toContain('min 10, max 100');
  });
});
