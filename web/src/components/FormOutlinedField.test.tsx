import { useForm, type Resolver, type ResolverResult } from 'react-hook-form';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FormOutlinedField } from './FormOutlinedField.tsx';
import { FormTextField } from './FormTextField.tsx';

interface Values {
  email: string;
}

const required: Resolver<Values> = (values): ResolverResult<Values> =>
  values.email
    ? { values, errors: {} }
    : { values: {}, errors: { email: { type: 'validation', message: 'is required' } } };

function Form({ light, helperText }: { light: boolean; helperText?: string }) {
  const { control } = useForm<Values>({
    mode: 'onTouched',
    defaultValues: { email: '' },
    resolver: required,
  });
  const Field = light ? FormOutlinedField : FormTextField;
  return (
    <form>
      <Field
        control={control}
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        helperText={helperText}
      />
    </form>
  );
}

/**
 * The rendered form with React's generated ids made comparable, and the root's emotion class
 * without its name: TextField's root is FormControl styled under the name MuiTextField with no
 * styles of its own (the theme has no MuiTextField overrides), so only the class's label differs.
 */
async function markup(light: boolean, helperText?: string) {
  const { container, unmount } = render(<Form light={light} helperText={helperText} />);
  const user = userEvent.setup();
  await user.click(screen.getByLabelText('Email'));
  await user.tab();
  await screen.findByText('Email is required');
  const html = container.innerHTML
    .replace(/_r_[0-9a-z]+_/g, 'ID')
    .replace(/css-[0-9a-z]+-MuiFormControl-root(-MuiTextField-root)?/, 'ROOT');
  unmount();
  return html;
}

describe('FormOutlinedField', () => {
  it('draws the same elements, classes and label wiring as FormTextField, error shown', async () => {
    expect(await markup(true)).toBe(await markup(false));
  });

  it('is labelled by its label and described by its helper text', async () => {
    render(<Form light helperText="Your work address" />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAttribute('type', 'email');
    expect(input).toHaveAccessibleDescription('Your work address');
  });
});
