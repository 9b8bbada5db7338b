// The floor of vault's stat walk: readdir, then fstatat by each name the
// kernel gave, over the folders two levels down (the benchmark vaults'
// year/month folders), shared out to THREADS threads by a counter. Prints
// how long the walk took. benchmarks/STARTUP.md compares vault's walk with it.
//
//   cc -O2 -pthread -o /tmp/walk benchmarks/walk.c && /tmp/walk VAULT 2
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>

enum { MAX_FOLDERS = 4096, MAX_THREADS = 16 };
static char folders[MAX_FOLDERS][512];
static int folderCount = 0, next = 0;
static long found[MAX_THREADS];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void walk(const char *path, long *count) {
    int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return;
    DIR *dir = fdopendir(fd);
    struct dirent *entry;
    struct stat info;
    while ((entry = readdir(dir))) {
        if (entry->d_name[0] == '.') continue;
        if (entry->d_type == DT_DIR) {
            char sub[1024];
            snprintf(sub, sizeof sub, "%s/%s", path, entry->d_name);
            walk(sub, count);
        } else if (fstatat(fd, entry->d_name, &info, 0) == 0) {
            (*count)++;
        }
    }
    closedir(dir);
}

static void *worker(void *arg) {
    long id = (long)arg;
    for (;;) {
        pthread_mutex_lock(&lock);
        int i = next++;
        pthread_mutex_unlock(&lock);
        if (i >= folderCount) return NULL;
        walk(folders[i], &found[id]);
    }
}

static void list(const char *path, int depth) {
    DIR *dir = opendir(path);
    if (!dir) return;
    struct dirent *entry;
    while ((entry = readdir(dir))) {
        if (entry->d_name[0] == '.' || entry->d_type != DT_DIR) continue;
        char sub[512];
        snprintf(sub, sizeof sub, "%s/%s", path, entry->d_name);
        if (depth > 1) list(sub, depth - 1);
        else if (folderCount < MAX_FOLDERS) snprintf(folders[folderCount++], 512, "%s", sub);
    }
    closedir(dir);
}

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: walk VAULT THREADS\n"); return 64; }
    long threads = atol(argv[2]);
    if (threads < 1 || threads > MAX_THREADS) threads = 2;
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    list(argv[1], 2);
    pthread_t ids[MAX_THREADS];
    for (long i = 0; i < threads; i++) pthread_create(&ids[i], NULL, worker, (void *)i);
    long total = 0;
    for (long i = 0; i < threads; i++) { pthread_join(ids[i], NULL); total += found[i]; }
    clock_gettime(CLOCK_MONOTONIC, &end);
    printf("%ld threads: %ld files in %.2f ms\n", threads, total,
           (end.tv_sec - start.tv_sec) * 1e3 + (end.tv_nsec - start.tv_nsec) / 1e6);
    return 0;
}
