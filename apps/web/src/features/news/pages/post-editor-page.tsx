import { POST_BODY_MAX, POST_TITLE_MAX, type Post } from '@atrium/contracts';
import { Alert, Button, Group, Paper, Stack, Tabs, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useCurrentSession } from '../../../app/session';
import { useConfirmedCancel } from '../../../forms';
import { ApiError } from '../../../lib/http';
import { ConfirmDialog, PageLoader } from '../../../ui';
import {
  createPost,
  isPostEditor,
  postQueryOptions,
  previewQueryOptions,
  removeCover,
  updatePost,
  uploadCover,
  useRefreshNews,
} from '../api';
import { type CoverChange, CoverPicker } from '../components/cover-picker';
import { PostBody } from '../components/post-body';

const EDITOR_WIDTH = 760;

const loadRules = () => import('../post-rules');

/**
 * /news/create and /news/edit/{id}: only for post editors (spec §6); anyone else, and a post one may
 * not edit, is sent to /news.
 */
export function PostEditorPage() {
  const { id } = useParams();
  const { user } = useCurrentSession();
  if (!isPostEditor(user)) return <Navigate to="/news" replace />;
  return id === undefined ? <PostEditor post={null} /> : <EditedPost postId={Number(id)} />;
}

function EditedPost({ postId }: { postId: number }) {
  const post = useQuery(postQueryOptions(postId));
  if (post.isPending) return <PageLoader label="Loading the post" />;
  if (post.isSuccess && post.data.can_edit) return <PostEditor post={post.data} />;
  // A post that is gone or not one's own leads back to the feed; a failure to reach the server does not.
  if (post.error instanceof ApiError && (post.error.status === 0 || post.error.status >= 500)) {
    return <Alert color="red">The post could not be loaded. Reload the page to try again.</Alert>;
  }
  return <Navigate to="/news" replace />;
}

type FieldErrors = Partial<Record<'title' | 'body' | 'cover' | 'form', string>>;

/** What a refused save says, by field: the server's `missing_fields`, a cover refusal, or a general error. */
function saveErrors(error: unknown, step: 'text' | 'cover'): FieldErrors {
  if (!(error instanceof ApiError)) return { form: 'Something went wrong. Try again.' };
  if (step === 'cover') return { cover: error.message };
  const { title, body } = error.fieldErrors;
  return title || body ? { title, body } : { form: error.message };
}

/**
 * The post form: title (with its counter), Markdown body with a preview, cover. Saving stores the text
 * first and then the cover, which needs the post to exist; a refused cover leaves the post saved and the
 * form open, so that Save again only retries the cover.
 */
function PostEditor({ post }: { post: Post | null }) {
  const navigate = useNavigate();
  const refreshNews = useRefreshNews();
  const [stored, setStored] = useState(post);
  const [title, setTitle] = useState(post?.title ?? '');
  const [body, setBody] = useState(post?.body ?? '');
  const [cover, setCover] = useState<CoverChange>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const touched = title !== (stored?.title ?? '') || body !== (stored?.body ?? '') || cover !== null;
  const { requestCancel, dialog } = useConfirmedCancel(touched, () => navigate('/news'));
  // Loaded while the post is written, so that saving does not wait for the rules.
  useEffect(() => void loadRules(), []);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const { CreatePostBody } = await loadRules();
    const checked = CreatePostBody.safeParse({ title, body });
    if (!checked.success) {
      const first = (field: string) => checked.error.issues.find((issue) => issue.path[0] === field)?.message;
      return setErrors({ title: first('title'), body: first('body') });
    }
    setErrors({});
    setSaving(true);
    let step: 'text' | 'cover' = 'text';
    try {
      const saved = stored ? await updatePost(stored.id, { title, body }) : await createPost({ title, body });
      setStored(saved);
      step = 'cover';
      if (cover instanceof File) await uploadCover(saved.id, cover);
      else if (cover === 'remove') await removeCover(saved.id);
      await refreshNews();
      navigate('/news');
    } catch (error) {
      setErrors(saveErrors(error, step));
      setSaving(false);
    }
  };

  return (
    <Stack gap="lg" maw={EDITOR_WIDTH} mx="auto">
      <title>{`${post ? 'Edit post' : 'New post'} · Atrium`}</title>
      <Title order={1}>{post ? 'Edit post' : 'New post'}</Title>
      <Paper component="form" withBorder p={{ base: 'md', sm: 'lg' }} onSubmit={save} noValidate>
        <Stack gap="md">
          {errors.form && (
            <Alert color="red" variant="light" role="alert">
              {errors.form}
            </Alert>
          )}
          <TextInput
            label="Title"
            required
            value={title}
            onChange={(event) => {
              setTitle(event.currentTarget.value);
              setErrors(({ title: _fixed, ...others }) => others);
            }}
            maxLength={POST_TITLE_MAX}
            error={errors.title}
            description={<Counter length={title.length} max={POST_TITLE_MAX} />}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          />
          <BodyField
            value={body}
            onChange={(text) => {
              setBody(text);
              setErrors(({ body: _fixed, ...others }) => others);
            }}
            error={errors.body}
            savedHtml={stored && body === stored.body ? stored.body_html : null}
          />
          <CoverPicker
            current={stored?.cover ?? null}
            change={cover}
            onChange={setCover}
            error={errors.cover ?? null}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={requestCancel}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Save
            </Button>
          </Group>
        </Stack>
      </Paper>
      <ConfirmDialog title="Warning" text="All unsaved changes will be lost" {...dialog} />
    </Stack>
  );
}

function Counter({ length, max }: { length: number; max: number }) {
  return (
    <Text span size="xs" style={{ fontVariantNumeric: 'tabular-nums' }}>
      {length.toLocaleString('en')}/{max.toLocaleString('en')}
    </Text>
  );
}

type BodyFieldProps = {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** The server's rendering of the text as it is stored; null once the text differs from it. */
  savedHtml: string | null;
};

/**
 * The Markdown body with Write and Preview tabs. Only the server renders Markdown (to sanitized HTML):
 * stored text shows the post's own rendering, changed text is rendered by the preview endpoint, so
 * nothing typed here is ever turned into HTML in the browser.
 */
function BodyField({ value, onChange, error, savedHtml }: BodyFieldProps) {
  return (
    <Tabs defaultValue="write" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="write">Write</Tabs.Tab>
        <Tabs.Tab value="preview">Preview</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="write" pt="sm">
        <Textarea
          label="Text"
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          maxLength={POST_BODY_MAX}
          rows={14}
          resize="vertical"
          error={error}
          description={<Counter length={value.length} max={POST_BODY_MAX} />}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
        <Text size="xs" c="dimmed" mt={4}>
          Markdown: **bold**, *italic*, [link](https://…), lists with - or 1.
        </Text>
      </Tabs.Panel>
      <Tabs.Panel value="preview" pt="sm">
        {savedHtml !== null ? <PostBody html={savedHtml} /> : <UnsavedPreview text={value} />}
      </Tabs.Panel>
    </Tabs>
  );
}

/** A changed body as the server will render it; while it renders, the text as typed. */
function UnsavedPreview({ text }: { text: string }) {
  const preview = useQuery({ ...previewQueryOptions(text), enabled: text.trim() !== '' });
  if (text.trim() === '') return <Text size="sm">Nothing to preview yet.</Text>;
  if (preview.data) return <PostBody html={preview.data.body_html} />;
  return (
    <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {preview.isError ? 'The preview could not be made. Try again.' : text}
    </Text>
  );
}
