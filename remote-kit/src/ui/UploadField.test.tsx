import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { UploadField } from './UploadField';

afterEach(cleanup);

const texts = { chooseLabel: 'Выбрать фото', dropPrompt: 'или перетащите его сюда', emptyLabel: 'Фото не выбрано' };

function Controlled({ onFile = () => undefined, error }: { onFile?: (file: File) => void; error?: string }) {
  const [file, setFile] = useState<File | null>(null);
  return (
    <UploadField
      label="Селфи с лицом"
      {...texts}
      file={file}
      onFile={(f) => {
        onFile(f);
        if (f.type.startsWith('image/')) setFile(f);
      }}
      previewAlt={file ? `Просмотр: ${file.name}` : undefined}
      accept="image/jpeg,image/png"
      capture="user"
      error={error}
      data-testid="face"
    />
  );
}

beforeAll(() => {
  URL.createObjectURL = jest.fn(() => 'blob:preview');
  URL.revokeObjectURL = jest.fn();
});

describe('UploadField', () => {
  it('is a file input named by its label and described by its state, with the button and prompt in the page language', () => {
    render(<Controlled />);
    const input = screen.getByLabelText('Селфи с лицом');
    expect(input.getAttribute('type')).toBe('file');
    expect(input.getAttribute('accept')).toBe('image/jpeg,image/png');
    expect(input.getAttribute('capture')).toBe('user');
    expect(screen.getByLabelText('Селфи с лицом', { selector: 'input' })).toBe(input);
    expect(screen.getByText('Выбрать фото')).toBeTruthy();
    expect(screen.getByText('или перетащите его сюда')).toBeTruthy();
    expect(
      input
        .getAttribute('aria-describedby')
        ?.split(' ')
        .map((id) => document.getElementById(id)?.textContent),
    ).toEqual(['Фото не выбрано']);
  });

  it('a chosen image shows its name and a preview; the input is emptied so the same file can be chosen again', () => {
    const onFile = jest.fn();
    render(<Controlled onFile={onFile} />);
    const input = screen.getByTestId('face') as HTMLInputElement;
    const photo = new File(['x'], 'me.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [photo] } });
    expect(onFile).toHaveBeenCalledWith(photo);
    expect(screen.getByText('me.png')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Просмотр: me.png' }).getAttribute('src')).toBe('blob:preview');
    expect(screen.getByTestId('face-preview')).toBeTruthy();
    expect(input.value).toBe('');
  });

  it('takes a dropped file; a refused one (the owner keeps none) shows no preview, and the error describes the input', () => {
    const onFile = jest.fn();
    render(<Controlled onFile={onFile} error="Это не изображение" />);
    const text = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    const zone = screen.getByText('Фото не выбрано').closest('div') as HTMLElement;
    fireEvent.dragOver(zone, { dataTransfer: { files: [text] } });
    fireEvent.drop(zone, { dataTransfer: { files: [text] } });
    expect(onFile).toHaveBeenCalledWith(text);
    expect(screen.queryByRole('img')).toBeNull();
    const input = screen.getByLabelText('Селфи с лицом');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Это не изображение');
  });
});
