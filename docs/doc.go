// Package docs holds dtrace-go's user guide (the Markdown files of this
// directory, and the repository's README.md) and the test that runs
// every command they show, so that the docs cannot rot.
//
// The conventions, which TestDocConventions checks:
//
//   - A fenced code block whose info string is "sh" holds commands, and
//     the test runs each one: one command a line, "\" continuing a line,
//     here-documents (cat > f <<'EOF' ... EOF) taken whole, lines that are
//     only a "#" comment skipped. A command succeeds when it exits 0;
//     one ending in the comment "# exits N" must exit N instead.
//   - A block of commands that cannot run in a test is "sh-norun", and
//     each of its commands must be in notRun, with the reason.
//   - Every other fenced block is an example or an output, not run: its
//     info string says what it is ("d", "go", "c", "yaml", "text").
//   - No command is shown in an indented code block (which would not be
//     run): a line indented by four spaces that starts like a command is
//     an error.
//
// TestDocCommands runs the commands of each file in order, as root, in a
// temporary directory of its own that looks like the repository's
// checkout (a symbolic link to each of its entries) with ./dtrace the
// dtrace built from this checkout (CGO_ENABLED=0, as the README builds
// it), which is also first on PATH (dtrace, and the toolkit's
// "#!/usr/bin/env -S dtrace" lines). Commands of one file share the
// directory: what one writes, the next can read. Each command has a
// generous bound of its own: one that does not end within it is killed
// (with its process group) and named.
package docs
