// MAGPIE's move generator on positions read from a file, timed in its own process: lexibench's
// harness for the MAGPIE peer (peer.py compiles it against a MAGPIE checkout the user built;
// lexibench never ships or builds MAGPIE itself).
//
// Usage:
//   magpie_movegen -p DATA_PATHS -l LEXICON -k LEAVES -m MODE -r ROUNDS [-w] [-v] [-s] CGP_FILE
//
//   -p  MAGPIE's data folders, ':'-separated (lexica/, layouts/, letterdistributions/)
//   -l  the lexicon: lexica/<LEXICON>.kwg in a data folder (the name starts with a prefix MAGPIE
//       maps to a letter distribution: NWL, TWL, CSW, ...)
//   -k  the leave table: lexica/<LEAVES>.klv2
//   -m  all | best (by equity) | allscore | bestscore (by score): every move or the best only
//   -r  rounds: every position is generated once per round
//   -w  MAGPIE's word maps (lexica/<LEXICON>.wmp) instead of the KWG alone
//   -v  every move of the first round, one tab-separated line each:
//       "move <position> <place|exchange|pass> <coord|-> <word|tiles> <score> <leave> <equity>"
//       (the whole main word, blanks in lower case; an exchange names the tiles it returns)
//   -s  in step with the caller: before each round, wait for a line on standard input (at the
//       end of the input, stop), so that the caller can time its own work between the rounds
//       and neither runs while the other does: "ready" is written once loaded, before the
//       first wait; each round is timed after an untimed pass over the same positions (warm,
//       as consecutive rounds are), and its line flushed at once
//
// Timed (CLOCK_MONOTONIC, as Python's perf_counter): generate_moves, and apart from it the
// board's preparation (its cross-sets and anchors, made again as loading the position made
// them); loading the lexicon and setting each position up (MAGPIE's "cgp" command) are not.
// Output, per position of the first round: "position <i> moves <n> best <coord> <word> score
// <s> equity <e>"; per round: "round <r> seconds <generation> prepare <preparation>". Exit
// status 2, with a message on stderr, when anything fails.
#include "src/def/equity_defs.h"
#include "src/def/game_history_defs.h"
#include "src/def/move_defs.h"
#include "src/ent/board.h"
#include "src/ent/equity.h"
#include "src/ent/game.h"
#include "src/ent/move.h"
#include "src/ent/player.h"
#include "src/ent/thread_control.h"
#include "src/impl/config.h"
#include "src/impl/exec.h"
#include "src/impl/move_gen.h"
#include "src/str/letter_distribution_string.h"
#include "src/str/move_string.h"
#include "src/str/rack_string.h"
#include "src/util/string_util.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define LINE 4096

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void die(const char *what, const char *detail) {
  fprintf(stderr, "magpie_movegen: %s: %.200s\n", what, detail);
  exit(2);
}

// MAGPIE keeps a sentinel as the pass's equity; it is shown as its own display shows it.
static double move_equity(const Move *move) {
  if (move_get_type(move) == GAME_EVENT_PASS) {
    return EQUITY_PASS_DISPLAY_DOUBLE;
  }
  return equity_to_double(move_get_equity(move));
}

static void run_command(Config *config, const char *command) {
  ErrorStack *errors = error_stack_create();
  thread_control_set_status(config_get_thread_control(config), THREAD_CONTROL_STATUS_STARTED);
  config_load_command(config, command, errors);
  if (error_stack_is_empty(errors)) {
    config_execute_command(config, errors);
  }
  if (!error_stack_is_empty(errors)) {
    error_stack_print_and_reset(errors);
    die("MAGPIE refused the command", command);
  }
  thread_control_set_status(config_get_thread_control(config), THREAD_CONTROL_STATUS_FINISHED);
  error_stack_destroy(errors);
}

// "<rows> <rack>[/<other>] [<score>/<score> <zeros>] [options]" as MAGPIE's "cgp" command (it
// needs the four fields and a '/' in the racks).
static int cgp_command(const char *line, char *out, size_t size) {
  char buffer[LINE];
  snprintf(buffer, sizeof(buffer), "%s", line);
  char *fields[4];
  int n = 0;
  for (char *token = strtok(buffer, " \t\r\n"); token && n < 4; token = strtok(NULL, " \t\r\n")) {
    fields[n++] = token;
  }
  if (n < 2) {
    return 0;
  }
  const char *slash = strchr(fields[1], '/') ? "" : "/";
  snprintf(out, size, "cgp %s %s%s %s %s", fields[0], fields[1], slash, n > 2 ? fields[2] : "0/0",
           n > 3 ? fields[3] : "0");
  return 1;
}

// One move as a tab-separated line; MAGPIE's "8H A(BC)D" becomes coord 8H and word ABCD.
static void print_move(int position, const Move *move, const Board *board, const Rack *rack,
                       const LetterDistribution *ld, StringBuilder *sb) {
  string_builder_clear(sb);
  const game_event_t type = move_get_type(move);
  if (type == GAME_EVENT_EXCHANGE) {
    // MAGPIE's leave display skips tile 0 (the blank and the played-through marker are both
    // 0), so an exchanged blank would stay in it: the exchanged tiles come off the rack here.
    Rack kept = *rack;
    for (int i = 0; i < move_get_tiles_played(move); i++) {
      rack_take_letter(&kept, move_get_tile(move, i));
    }
    string_builder_add_rack(sb, &kept, ld, false);
  } else {
    string_builder_add_move_leave(sb, rack, move, ld);
  }
  char leave[64];
  snprintf(leave, sizeof(leave), "%s", string_builder_peek(sb));
  string_builder_clear(sb);
  const char *kind = "place";
  char coord[16] = "-";
  char word[64] = "";
  if (type == GAME_EVENT_PASS) {
    kind = "pass";
  } else if (type == GAME_EVENT_EXCHANGE) {
    kind = "exchange";
    for (int i = 0; i < move_get_tiles_played(move); i++) {
      string_builder_add_user_visible_letter(sb, ld, move_get_tile(move, i));
    }
    snprintf(word, sizeof(word), "%s", string_builder_peek(sb));
  } else {
    string_builder_add_move(sb, board, move, ld, false);
    const char *text = string_builder_peek(sb);
    const char *space = strchr(text, ' ');
    if (!space) {
      die("a move MAGPIE wrote without a coordinate", text);
    }
    snprintf(coord, sizeof(coord), "%.*s", (int)(space - text), text);
    int w = 0;
    for (const char *c = space + 1; *c && w < 63; c++) {
      if (*c != '(' && *c != ')') {
        word[w++] = *c;
      }
    }
    word[w] = '\0';
  }
  printf("move\t%d\t%s\t%s\t%s\t%d\t%s\t%.3f\n", position, kind, coord, word,
         equity_to_int(move_get_score(move)), leave, move_equity(move));
}

int main(int argc, char *argv[]) {
  const char *paths = NULL, *lexicon = NULL, *leaves = NULL, *mode = "all";
  int rounds = 1, word_maps = 0, verbose = 0, stepped = 0, option;
  while ((option = getopt(argc, argv, "p:l:k:m:r:wvs")) != -1) {
    switch (option) {
    case 'p': paths = optarg; break;
    case 'l': lexicon = optarg; break;
    case 'k': leaves = optarg; break;
    case 'm': mode = optarg; break;
    case 'r': rounds = atoi(optarg); break;
    case 'w': word_maps = 1; break;
    case 'v': verbose = 1; break;
    case 's': stepped = 1; break;
    default: die("usage", "-p PATHS -l LEXICON -k LEAVES -m MODE -r ROUNDS [-w] [-v] [-s] CGP_FILE");
    }
  }
  if (optind != argc - 1 || !paths || !lexicon || !leaves || rounds < 1) {
    die("usage", "-p PATHS -l LEXICON -k LEAVES -m MODE -r ROUNDS [-w] [-v] [-s] CGP_FILE");
  }
  move_record_t record = MOVE_RECORD_ALL;
  move_sort_t sort = MOVE_SORT_EQUITY;
  if (strcmp(mode, "best") == 0) {
    record = MOVE_RECORD_BEST;
  } else if (strcmp(mode, "allscore") == 0) {
    sort = MOVE_SORT_SCORE;
  } else if (strcmp(mode, "bestscore") == 0) {
    record = MOVE_RECORD_BEST;
    sort = MOVE_SORT_SCORE;
  } else if (strcmp(mode, "all") != 0) {
    die("unknown mode", mode);
  }

  FILE *in = fopen(argv[optind], "r");
  if (!in) {
    die("cannot open", argv[optind]);
  }
  char **commands = NULL;
  char line[LINE], command[LINE];
  int count = 0;
  while (fgets(line, sizeof(line), in)) {
    if (!cgp_command(line, command, sizeof(command))) {
      continue;
    }
    commands = realloc(commands, (size_t)(count + 1) * sizeof(char *));
    if (!commands || !(commands[count] = strdup(command))) {
      die("out of memory reading", argv[optind]);
    }
    count++;
  }
  fclose(in);

  log_set_level(LOG_FATAL);
  ErrorStack *errors = error_stack_create();
  ConfigArgs args = {.data_paths = paths, .settings_filename = "/dev/null",
                     .use_wmp = word_maps != 0};
  Config *config = config_create(&args, errors);
  if (!error_stack_is_empty(errors)) {
    error_stack_print_and_reset(errors);
    die("MAGPIE's configuration failed", paths);
  }
  snprintf(command, sizeof(command),
           "set -lex %s -leaves %s -wmp %s -threads 1 -savesettings false", lexicon, leaves,
           word_maps ? "true" : "false");
  run_command(config, command);

  // A list holds every move of a position (MAGPIE keeps the best "capacity" of them). Every
  // move by score is timed into MAGPIE's small moves, appended as they come (as lexibench
  // appends its records), not into its heap of whole moves, which is for listing them.
  MoveList *moves = move_list_create(record == MOVE_RECORD_BEST ? 1 : 1000000);
  const int small = record == MOVE_RECORD_ALL && sort == MOVE_SORT_SCORE;
  MoveList *timed = small ? move_list_create_small(1000000) : moves;
  StringBuilder *sb = string_builder_create();
  if (stepped) {  // loaded: the caller's work may start, nothing of this process running
    printf("ready\n");
    fflush(stdout);
  }
  for (int round = 1; round <= rounds; round++) {
    char go[LINE];
    if (stepped && !fgets(go, sizeof(go), stdin)) {
      break;  // the caller is done
    }
    // in step, each round's timed pass follows an untimed one (pass 0) over the same
    // positions, so that it runs warm as consecutive rounds do, whatever ran in between
    for (int pass = stepped ? 0 : 1; pass <= 1; pass++) {
      double seconds = 0, preparing = 0;
      for (int i = 0; i < count; i++) {
        run_command(config, commands[i]);
        Game *game = config_get_game(config);
        MoveGenArgs generate = {
            .game = game,
            .move_list = timed,
            .move_record_type = small ? MOVE_RECORD_ALL_SMALL : record,
            .move_sort_type = sort,
            .override_kwg = NULL,
            .eq_margin_movegen = 0,
            .target_equity = EQUITY_MAX_VALUE,
            .target_leave_size_for_exchange_cutoff = UNSET_LEAVE_SIZE,
        };
        if (small) {
          small_move_list_reset(timed);
        } else {
          move_list_reset(timed);
        }
        // The board's cross-sets and anchors, as loading the position made them: lexibench's
        // generator makes them at every call, so they are timed apart, to be added or not.
        const double start = now();
        game_gen_all_cross_sets(game);
        board_update_all_anchors(game_get_board(game));
        const double prepared = now();
        generate_moves(&generate);
        const double end = now();
        seconds += end - prepared;
        preparing += prepared - start;
        if (round > 1 || pass == 0) {
          continue;
        }
        if (small) {  // the moves listed, once, untimed
          generate.move_list = moves;
          generate.move_record_type = record;
          move_list_reset(moves);
          generate_moves(&generate);
        }
        if (record != MOVE_RECORD_BEST) {
          move_list_sort_moves(moves);
        }
        const int made = move_list_get_count(moves);
        const Rack *rack =
            player_get_rack(game_get_player(game, game_get_player_on_turn_index(game)));
        const Board *board = game_get_board(game);
        const LetterDistribution *ld = game_get_ld(game);
        if (verbose) {
          for (int m = 0; m < made; m++) {
            print_move(i + 1, move_list_get_move(moves, m), board, rack, ld, sb);
          }
        }
        string_builder_clear(sb);
        if (made > 0) {
          const Move *best = move_list_get_move(moves, 0);
          string_builder_add_move(sb, board, best, ld, false);
          printf("position %d moves %d best %s score %d equity %.3f\n", i + 1, made,
                 string_builder_peek(sb), equity_to_int(move_get_score(best)), move_equity(best));
        } else {
          printf("position %d moves 0 best - score 0 equity 0\n", i + 1);
        }
      }
      if (pass == 1) {
        printf("round %d seconds %.9f prepare %.9f\n", round, seconds, preparing);
        fflush(stdout);
      }
    }
  }
  for (int i = 0; i < count; i++) {
    free(commands[i]);
  }
  free(commands);
  string_builder_destroy(sb);
  if (small) {
    move_list_destroy(timed);
  }
  move_list_destroy(moves);
  config_destroy(config);
  error_stack_destroy(errors);
  caches_destroy();
  return 0;
}
