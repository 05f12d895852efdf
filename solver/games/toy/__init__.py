"""A throwaway game proving that a game is one package and one registry line."""
