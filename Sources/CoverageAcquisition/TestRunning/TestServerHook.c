/* covgate's test server hook, loaded with LD_PRELOAD (TestServerHook.swift says what it does).
 * covgate embeds this file's bytes (SwiftPM's embedInCode) and compiles them with the toolchain's
 * clang on first use; TestServerHookSourceTests compiles it with -Wall -Wextra -Werror, and with
 * the address and undefined-behaviour sanitizers. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

typedef int (*main_function)(int, char **, char **);
typedef int (*start_function)(main_function, int, char **, void (*)(void), void (*)(void),
                              void (*)(void), void *);
typedef void (*override_function)(char **, int);

extern char **environ;
static main_function real_main;

/* The signal mask and dispositions the binary had when main would have started: each child gets
 * them back, so a test under fork starts as it would alone, whatever the server did since. */
static sigset_t start_mask;
static struct sigaction start_actions[NSIG];

static void save_signals(void) {
  sigprocmask(SIG_SETMASK, NULL, &start_mask);
  for (int signal_number = 1; signal_number < NSIG; signal_number++) {
    sigaction(signal_number, NULL, &start_actions[signal_number]);
  }
}

static void restore_signals(void) {
  for (int signal_number = 1; signal_number < NSIG; signal_number++) {
    if (signal_number == SIGKILL || signal_number == SIGSTOP) continue;
    sigaction(signal_number, &start_actions[signal_number], NULL);
  }
  sigprocmask(SIG_SETMASK, &start_mask, NULL);
}

/* Every answer is a word and two numbers. */
static void answer(const char *word, long first, long second) {
  char line[96];
  int length = snprintf(line, sizeof line, "%s %ld %ld\n", word, first, second);
  if (write(STDOUT_FILENO, line, (size_t)length) != length) _exit(74);
}

/* The next NUL-ended field of the request; the server ends at the end of its input. */
static char *field(FILE *requests) {
  char *text = NULL;
  size_t capacity = 0;
  if (getdelim(&text, &capacity, '\0', requests) <= 0) _exit(0);
  return text;
}

/* The threads of this process (the Threads: line of /proc/self/status); 0 when unknown. A
 * process forked while another thread holds a lock (malloc's, the runtime's) can never take
 * it: the server forks only while it is the one thread. */
static long thread_count(void) {
  FILE *status = fopen("/proc/self/status", "re");
  if (status == NULL) return 0;
  char line[256];
  long count = 0;
  while (fgets(line, sizeof line, status) != NULL) {
    if (strncmp(line, "Threads:", 8) == 0) {
      count = strtol(line + 8, NULL, 10);
      break;
    }
  }
  fclose(status);
  return count;
}

/* A count: a request covgate did not write leaves the requests out of step, and the server stops. */
static int count_field(FILE *requests) {
  char *text = field(requests);
  char *end = NULL;
  long count = strtol(text, &end, 10);
  if (end == text || *end != '\0' || count < 0 || count > 65536) _exit(65);
  free(text);
  return (int)count;
}

static void run_child(char *log, char **environment, int environment_count, char *program,
                      char **arguments, int argument_count, override_function override) {
  setpgid(0, 0);
  int output = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  int none = open("/dev/null", O_RDONLY);
  if (output < 0 || none < 0) _exit(73);
  dup2(none, STDIN_FILENO);
  dup2(output, STDOUT_FILENO);
  dup2(output, STDERR_FILENO);
  close(output);
  close(none);
  /* The server read its requests through stdin's buffer, which may hold the next ones: the test
   * reads /dev/null from the start, as it would alone. */
  __fpurge(stdin);
  clearerr(stdin);
  restore_signals();
  for (int index = 0; index < environment_count; index++) putenv(environment[index]);
  char **argv = calloc((size_t)argument_count + 2, sizeof(char *));
  if (argv == NULL) _exit(71);
  argv[0] = program;
  for (int index = 0; index < argument_count; index++) argv[index + 1] = arguments[index];
  override(argv, argument_count + 1);
  exit(real_main(argument_count + 1, argv, environ));
}

static int serve(int argc, char **argv, char **envp) {
  (void)argc;
  (void)envp;
  override_function override =
      (override_function)dlsym(RTLD_DEFAULT, "_swift_stdlib_overrideUnsafeArgvArgc");
  if (override == NULL) {
    answer("unsupported", 0, 0);
    _exit(69);
  }
  save_signals();
  answer("ready", (long)getpid(), 0);
  for (;;) {
    char *log = field(stdin);
    int environment_count = count_field(stdin);
    char **environment = calloc((size_t)environment_count + 1, sizeof(char *));
    if (environment == NULL) _exit(71);
    for (int index = 0; index < environment_count; index++) environment[index] = field(stdin);
    int argument_count = count_field(stdin);
    char **arguments = calloc((size_t)argument_count + 1, sizeof(char *));
    if (arguments == NULL) _exit(71);
    for (int index = 0; index < argument_count; index++) arguments[index] = field(stdin);
    long threads = thread_count();
    pid_t child = threads == 1 ? fork() : -1;
    if (child == 0) {
      run_child(log, environment, environment_count, argv[0], arguments, argument_count,
                override);
    }
    free(log);
    for (int index = 0; index < environment_count; index++) free(environment[index]);
    for (int index = 0; index < argument_count; index++) free(arguments[index]);
    free(environment);
    free(arguments);
    if (threads != 1) {
      answer("threaded", threads, 0);
      continue;
    }
    if (child < 0) {
      answer("failed", (long)errno, 0);
      continue;
    }
    answer("started", (long)child, 0);
    int status = 0;
    while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
    }
    if (WIFSIGNALED(status)) answer("signalled", (long)child, WTERMSIG(status));
    else answer("exited", (long)child, WEXITSTATUS(status));
  }
}

int __libc_start_main(main_function main, int argc, char **argv, void (*init)(void),
                      void (*fini)(void), void (*rtld_fini)(void), void *stack_end) {
  start_function next = (start_function)dlsym(RTLD_NEXT, "__libc_start_main");
  const char *serving = getenv("COVGATE_TEST_SERVER");
  if (serving != NULL && strcmp(serving, "1") == 0) {
    /* The tests' children (exit tests) start as plain processes. */
    const char *preloaded = getenv("COVGATE_TEST_SERVER_PRELOAD");
    if (preloaded != NULL) setenv("LD_PRELOAD", preloaded, 1);
    else unsetenv("LD_PRELOAD");
    unsetenv("COVGATE_TEST_SERVER_PRELOAD");
    unsetenv("COVGATE_TEST_SERVER");
    real_main = main;
    main = serve;
  }
  return next(main, argc, argv, init, fini, rtld_fini, stack_end);
}
