"""The slow tests: left out of the quick loop (``make test-quick``), run by ``make test`` and CI.

A test is slow here when it takes over about a second and a half (it starts processes, a Dask
cluster, a benchmark suite, a proof, or signals a command many times over). The quick loop keeps
every other test, the conformance suite and the layer checks among them. A test listed here is
marked ``slow`` at collection (tests/conftest.py); a new slow test is added here, by its module
and its name (with its parameters in brackets, to take only those).
"""

from __future__ import annotations

from typing import Final

SLOW: Final[dict[str, tuple[str, ...]]] = {
    "tests/benchmarks/test_benchmark_suites.py": (
        "test_pipeline_picks_up_a_new_backend",
        "test_pytest_benchmark_views_show_no_false_row",
        "test_smoke_every_suite",
    ),
    "tests/benchmarks/test_harness.py": (
        "test_query_sets_are_what_they_say",
        "test_reference_answers_do_not_depend_on_what_ran_before",
        "test_the_board_budget_does_not_depend_on_which_sizes_ran",
    ),
    "tests/benchmarks/test_html_report.py": (
        "test_a_kept_run_changes_the_history_page_alone",
        "test_a_kept_run_reads_as_a_results_folder",
        "test_a_table_sorts_and_filters",
        "test_a_whole_run_is_on_the_history_page_it_publishes",
        "test_every_page_loads_and_draws_its_plots",
        "test_every_plot_has_its_twin",
        "test_every_twin_is_a_valid_plotly_figure",
        "test_links_between_pages_resolve",
        "test_log_axes_label_each_decade_and_no_minor_tick",
        "test_pages_and_assets",
        "test_the_committed_report_loads_and_draws_its_plots",
        "test_the_history_draws_a_trend",
    ),
    "tests/benchmarks/test_plots.py": (
        "test_many_series_are_split_into_panels_each_series_its_own_colour_and_marker",
        "test_the_committed_run_plots_read",
    ),
    "tests/benchmarks/test_ranking.py": ("test_tables_rank_only_the_rows_that_ran_every_puzzle",),
    "tests/benchmarks/test_tables.py": (
        "test_a_failure_at_any_point_leaves_everything_as_it_was",
        "test_a_file_size_limit_is_one_line_and_changes_nothing",
        "test_a_malformed_file_is_refused_naming_file_and_field",
        "test_every_headline_figure_is_the_one_its_table_holds",
        "test_regenerating_the_committed_results_changes_no_byte",
        "test_tables_are_deterministic",
        "test_tables_command",
        "test_the_best_board_search_is_reported",
        "test_tiers_published_figures_and_pitfalls_are_reported",
        "test_written_files_get_the_usual_modes_and_a_symlink_is_written_through",
    ),
    "tests/benchmarks/test_whole_proof.py": (
        "test_a_kept_proof_is_reported_beside_the_published_one",
    ),
    "tests/cli/test_cli.py": ("test_jobs_2_equals_jobs_1",),
    "tests/cli/test_errors.py": (
        "test_no_hang_on_any_signal",
        "test_signals_with_workers",
    ),
    "tests/cli/test_regular_files.py": ("test_build_on_a_full_disk_is_a_fault_status_1",),
    "tests/cli/test_search_signals.py": (
        "test_a_search_with_workers_keeps_its_result_on_any_signal",
    ),
    "tests/cli/test_signal_moments.py": (
        "test_a_signal_while_the_command_line_loads_ends_it_in_one_line",
        "test_a_signal_while_the_process_shuts_down_keeps_its_status",
    ),
    "tests/hostile/test_crossword_files.py": (
        "test_a_model_at_the_bound_is_written_and_read_back",
        "test_a_played_through_letter_must_be_the_tile_there",
    ),
    "tests/hostile/test_fuzz.py": ("test_no_damaged_file_gets_past_its_reader",),
    "tests/hostile/test_lexicon_files.py": (
        "test_an_array_trie_with_a_loop_is_refused_by_every_search",
    ),
    "tests/hostile/test_results_files.py": (
        "test_a_bad_manifest_in_the_history_is_refused",
        "test_a_count_of_zero_is_shown_not_divided_by",
        "test_a_fifo_as_a_kept_runs_file_is_refused",
        "test_a_fifo_as_the_readme_is_refused",
        "test_a_full_disk_leaves_no_folder_behind",
        "test_a_memory_growth_of_zero_is_shown_not_divided_by",
        "test_the_fixture_and_committed_results_hold_no_time_of_zero",
        "test_the_results_folder_and_readme_are_regenerated_in_place",
    ),
    "tests/solver/games/test_boggle_best.py": (
        "test_a_local_dask_cluster_gives_the_same_results",
        "test_a_stopped_search_prints_its_best_board_so_far",
        "test_every_backend_and_tier_follows_the_same_course",
        "test_seeded_runs_reach_the_proven_best_3x3",
        "test_the_reported_score_is_the_solvers",
        "test_unreachable_scheduler_is_one_line_within_the_wait",
    ),
    "tests/solver/games/test_boggle_bulk_lines.py": (
        "test_the_compiled_lines_match_a_run_of_the_current_command",
    ),
    "tests/solver/games/test_boggle_known.py": (
        "test_the_default_lists_boards_score_what_the_table_says",
    ),
    "tests/solver/games/test_boggle_prove.py": (
        "test_a_checkpoint_resumes_a_stopped_proof",
        "test_a_dask_proof_checkpoints_and_resumes",
        "test_a_sample_proves_the_first_classes_of_the_order_and_projects_the_whole",
        "test_proofs_over_small_alphabets_equal_scoring_every_board",
        "test_sigint_stops_with_the_checkpoint_saved",
        "test_the_default_target_is_the_best_known_board",
        "test_the_default_target_is_the_best_search",
        "test_the_outcomes_are_the_same_at_every_tier",
        "test_the_outcomes_are_the_same_here_in_processes_and_on_dask",
        "test_the_text_output_states_the_proof",
        "test_the_time_limit_stops_handing_out_classes",
    ),
    "tests/solver/games/test_boggle_prove_bounds.py": (
        "test_a_prover_stopped_mid_class_gives_the_same_runs_after",
        "test_branch_and_bound_with_the_simple_bounds_finds_every_board",
        "test_candidates_past_the_cap_are_rescored_as_they_come",
        "test_every_bound_is_at_least_the_best_board_of_its_class",
        "test_forcing_by_merging_changes_the_steps_only",
    ),
    "tests/solver/games/test_boggle_solve.py": (
        "test_every_backend_and_mode_gives_identical_words_paths_and_scores[unsorted-list]",
    ),
    "tests/solver/games/test_crossword_equity.py": (
        "test_a_leaves_value_is_its_features_weights_summed_in_order",
        "test_the_command_lists_by_equity",
        "test_the_model_is_written_as_a_table_the_engines_load",
    ),
    "tests/solver/games/test_crossword_sim.py": (
        "test_the_command_prints_each_candidate_and_its_json",
        "test_the_same_seed_gives_the_same_numbers_on_every_structure_and_tier",
    ),
    "tests/solver/games/test_search.py": (
        "test_every_structure_and_tier_agrees_with_the_reference",
    ),
    "tests/solver/test_execution.py": (
        "test_a_dask_worker_killed_mid_job_is_recovered_from",
        "test_a_stop_ends_a_dask_run_without_waiting_for_its_tasks",
        "test_two_local_clusters_at_once_start_without_a_warning",
    ),
    "tests/solver/test_lexicon_files.py": (
        "test_two_processes_building_one_entry_at_once_both_succeed",
    ),
    "tests/solver/test_wordlist.py": ("test_the_default_list_drops_capitalised_entries",),
    "tests/structures/test_plugin_docs.py": (
        "test_it_joins_every_run_unless_plugins_are_left_out",
        "test_the_console_example_runs_in_a_throwaway_environment",
    ),
    "tests/test_docs.py": ("test_console_block",),
}


def is_slow(nodeid: str) -> bool:
    """Whether the test of ``nodeid`` is listed in :data:`SLOW` (its name, or its name with the
    parameters listed)."""
    module, _, name = nodeid.partition("::")
    return any(name == listed or name.split("[")[0] == listed for listed in SLOW.get(module, ()))
