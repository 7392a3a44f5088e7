-- Keeps a line of every fourth step it works through: its heap grows
-- until it ends, when every line is used. An argument sets how many steps
-- (default 400,000); "crash" as a second argument fails at the end instead.
import Control.Monad
import Data.List (foldl')
import System.Environment
import System.Exit

work :: Int -> Int
work i = foldl' (\a x -> (a * 31 + x) `mod` 1000003) i [1 .. 1000]

build :: Int -> Int -> [String] -> IO [String]
build n i acc
  | i > n = return acc
  | otherwise = do
      when (i `mod` 100000 == 0) $ putStrLn ("step " ++ show i)
      let line = show (work i)
          acc' = if i `mod` 4 == 0 then length line `seq` (line : acc) else acc
      acc' `seq` build n (i + 1) acc'

main :: IO ()
main = do
  args <- getArgs
  let n = case args of (a : _) -> read a; _ -> 400000
  xs <- build n 1 []
  when (drop 1 args == ["crash"]) $ die "leaky: crashed on purpose"
  print (length xs, sum (map length xs))
