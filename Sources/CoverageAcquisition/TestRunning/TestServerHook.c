/* covgate's test server hook, loaded with LD_PRELOAD (TestServerHook.swift says what it does).
 * covgate embeds this file's bytes (SwiftPM's embedInCode) and compiles them with the toolchain's
 * clang on first use; TestServerHookSourceTests compiles it with -Wall -Wextra -Werror, and with
 * the address and undefined-behaviour sanitizers. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <signal.h>
#include <stdio.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
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

/* Swift's locks (the runtime's ulock, the Synchronization module's Mutex) cache their thread's
 * ID in a thread-local variable and name it to FUTEX_LOCK_PI as the lock's owner. A forked
 * child's main thread inherits the server's cached ID: its first contended lock names a thread of
 * another process, the kernel refuses it, and the lock retries forever (a test spinning in
 * `once_slow`). The server finds every such variable in the symbol tables of what is loaded, and
 * each child clears its own copies, so that each is read again from gettid. */
#define MAX_TID_CACHES 512
static struct {
  size_t module;
  size_t offset;
} tid_caches[MAX_TID_CACHES];
static int tid_cache_count;
/* A loaded file with thread-locals whose symbols cannot be read: a child could hold a stale ID. */
static int tid_caches_unknown;

static const char *const tid_cache_names[] = {
    "_ZZN5swift14threading_impl5linux13ulock_get_tidEvE3tid", "_swift_stdlib_gettid.tid"};

static int is_tid_cache(const char *name) {
  for (size_t index = 0; index < sizeof tid_cache_names / sizeof *tid_cache_names; index++) {
    if (strncmp(name, tid_cache_names[index], strlen(tid_cache_names[index])) == 0) return 1;
  }
  return 0;
}

/* The C and C++ runtimes keep no such cache (glibc keeps a thread's ID in its thread control
 * block, which fork updates): a stripped one is no reason to stop forking. */
static int is_system_library(const char *path) {
  static const char *const names[] = {"/libc.so",    "/libm.so",    "/libstdc++.so", "/libgcc_s.so",
                                      "/ld-linux",   "/libpthread", "/libdl.so",     "/librt.so",
                                      "/libz.so",    "/liblzma",    "/libxml2",      "/libcurl",
                                      "/libicu",     "/libatomic",  "/libbsd",       "/libuuid"};
  for (size_t index = 0; index < sizeof names / sizeof *names; index++) {
    if (strstr(path, names[index]) != NULL) return 1;
  }
  return 0;
}

/* Records the thread-ID caches of the ELF file at `path`, loaded as TLS module `module`.
 * Returns whether the file has a symbol table to read them from. */
static int scan_module(const char *path, size_t module) {
  int descriptor = open(path, O_RDONLY | O_CLOEXEC);
  if (descriptor < 0) return 0;
  struct stat status;
  if (fstat(descriptor, &status) != 0 || (size_t)status.st_size < sizeof(Elf64_Ehdr)) {
    close(descriptor);
    return 0;
  }
  size_t size = (size_t)status.st_size;
  void *mapped = mmap(NULL, size, PROT_READ, MAP_PRIVATE, descriptor, 0);
  close(descriptor);
  if (mapped == MAP_FAILED) return 0;
  const unsigned char *file = mapped;
  const Elf64_Ehdr *header = mapped;
  int has_table = 0;
  if (memcmp(header->e_ident, ELFMAG, SELFMAG) == 0 && header->e_ident[EI_CLASS] == ELFCLASS64 &&
      header->e_shentsize == sizeof(Elf64_Shdr) && header->e_shoff > 0 &&
      header->e_shoff + (size_t)header->e_shnum * sizeof(Elf64_Shdr) <= size) {
    const Elf64_Shdr *sections = (const Elf64_Shdr *)(file + header->e_shoff);
    for (size_t index = 0; index < header->e_shnum; index++) {
      const Elf64_Shdr *table = &sections[index];
      if (table->sh_type != SHT_SYMTAB || table->sh_link >= header->e_shnum ||
          table->sh_entsize != sizeof(Elf64_Sym) || table->sh_offset + table->sh_size > size) {
        continue;
      }
      const Elf64_Shdr *strings = &sections[table->sh_link];
      if (strings->sh_offset + strings->sh_size > size) continue;
      has_table = 1;
      const Elf64_Sym *symbols = (const Elf64_Sym *)(file + table->sh_offset);
      const char *names = (const char *)(file + strings->sh_offset);
      for (size_t at = 0; at < table->sh_size / sizeof(Elf64_Sym); at++) {
        const Elf64_Sym *symbol = &symbols[at];
        if (ELF64_ST_TYPE(symbol->st_info) != STT_TLS || symbol->st_name >= strings->sh_size) {
          continue;
        }
        size_t room = strings->sh_size - symbol->st_name;
        const char *name = names + symbol->st_name;
        if (strnlen(name, room) == room || !is_tid_cache(name)) continue;
        if (tid_cache_count == MAX_TID_CACHES) {
          tid_caches_unknown = 1;
          continue;
        }
        tid_caches[tid_cache_count].module = module;
        tid_caches[tid_cache_count].offset = symbol->st_value;
        tid_cache_count++;
      }
    }
  }
  munmap(mapped, size);
  return has_table;
}

static int scan_loaded(struct dl_phdr_info *info, size_t size, void *data) {
  (void)size;
  (void)data;
  if (info->dlpi_tls_modid == 0) return 0;
  const char *path = info->dlpi_name[0] != '\0' ? info->dlpi_name : "/proc/self/exe";
  if (!scan_module(path, info->dlpi_tls_modid) && !is_system_library(path)) {
    tid_caches_unknown = 1;
  }
  return 0;
}

/* In a child: its main thread's copies of the caches cleared. */
static int clear_loaded(struct dl_phdr_info *info, size_t size, void *data) {
  (void)size;
  (void)data;
  if (info->dlpi_tls_data == NULL) return 0;
  for (int index = 0; index < tid_cache_count; index++) {
    if (tid_caches[index].module != info->dlpi_tls_modid) continue;
    unsigned int none = 0;
    memcpy((char *)info->dlpi_tls_data + tid_caches[index].offset, &none, sizeof none);
  }
  return 0;
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
  dl_iterate_phdr(clear_loaded, NULL);
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
  dl_iterate_phdr(scan_loaded, NULL);
  if (tid_caches_unknown) {
    /* A child could inherit a thread ID no lock can use: each test starts a process instead. */
    answer("opaque", 0, 0);
    _exit(0);
  }
  answer("ready", (long)getpid(), (long)tid_cache_count);
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
