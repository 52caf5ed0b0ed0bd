import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';

import { AppError } from './errors.js';

/**
 * A request that comes as multipart/form-data with its JSON in one text field and its files in one
 * file field (what a browser's form sends with photos). Each file is handed to `onFile` as it arrives
 * (decoded and re-encoded there), so no more than one original is held at a time; nothing is stored
 * here, and the caller writes nothing before the whole request was read and checked.
 */
export interface JsonFormRules<F> {
  /** The text field with the request's JSON, exactly once. */
  jsonField: string;
  /** The field every file belongs in. */
  fileField: string;
  maxFiles: number;
  /** One file may be this large (a 413 past it, before it is read to the end). */
  fileMaxBytes: number;
  /** All files together may be this large (a 413 past it); none of its own with one file. */
  total?: { maxBytes: number; text: string };
  /** Checks and converts one file; its refusal (a 415, a 413) is the request's. */
  onFile: (bytes: Buffer, contentType: string) => Promise<F>;
  /** What each refusal says, in the words of what the form carries. */
  texts: {
    /** 413: one file past `fileMaxBytes`. */
    fileTooLarge: string;
    /** 400 on `fileField` (`max N`): more than `maxFiles` files. */
    tooManyFiles: string;
    /** 400 on `jsonField` (`invalid`): a second text field. */
    oneJsonField: string;
    /** 400 on the file's field (`unknown`): a file in another field. */
    fileField: string;
    /** 400 on `jsonField` (`invalid`): the field's text is no JSON. */
    badJson: string;
    /** 400 on the field (`unknown`): a text field other than `jsonField`. */
    unknownField: string;
    /** 400 on `jsonField` (`required`): the JSON is missing. */
    missingJson: string;
  };
}

export interface JsonForm<F> {
  /** Registers the multipart parser with the form's limits; once per route scope. */
  register(app: FastifyInstance): Promise<void>;
  /** The form's JSON, not yet validated, and its files as `onFile` made them. */
  read(request: FastifyRequest): Promise<{ raw: unknown; files: F[] }>;
}

const invalid = (field: string, message: string, text: string) =>
  new AppError('VALIDATION_FAILED', text, { errors: [{ field, message }] });

export function jsonForm<F>(rules: JsonFormRules<F>): JsonForm<F> {
  const { jsonField, fileField, maxFiles, texts } = rules;

  function limitError(error: unknown): AppError | null {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('PAYLOAD_TOO_LARGE', texts.fileTooLarge);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
      return invalid(fileField, `max ${maxFiles}`, texts.tooManyFiles);
    if (code === 'FST_FIELDS_LIMIT') return invalid(jsonField, 'invalid', texts.oneJsonField);
    return null;
  }

  return {
    async register(app) {
      await app.register(multipart, {
        limits: { fileSize: rules.fileMaxBytes, files: maxFiles, fields: 1, parts: maxFiles + 1 },
      });
    },

    async read(request) {
      let raw: unknown;
      let sawJson = false;
      const files: F[] = [];
      let totalBytes = 0;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== fileField) {
              await part.toBuffer();
              throw invalid(part.fieldname, 'unknown', texts.fileField);
            }
            const bytes = await part.toBuffer();
            totalBytes += bytes.length;
            if (rules.total && totalBytes > rules.total.maxBytes)
              throw new AppError('PAYLOAD_TOO_LARGE', rules.total.text);
            files.push(await rules.onFile(bytes, part.mimetype));
          } else if (part.fieldname === jsonField) {
            sawJson = true;
            try {
              raw = JSON.parse(String(part.value));
            } catch {
              throw invalid(jsonField, 'invalid', texts.badJson);
            }
          } else {
            throw invalid(part.fieldname, 'unknown', texts.unknownField);
          }
        }
      } catch (error) {
        throw limitError(error) ?? error;
      }
      if (!sawJson) throw invalid(jsonField, 'required', texts.missingJson);
      return { raw, files };
    },
  };
}
